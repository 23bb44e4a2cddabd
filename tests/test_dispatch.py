"""The one dispatch (cardcore.dispatch): every common rule an event breaks, in
RULES.md's report order, each at its own pointer."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardcore.dispatch import REPORT_ORDER
from cardcore.errors import NotAnEventError, RuleViolation
from cardcore.gamelog import GameLog
from cardcore.games.goblin import RULES, Deal, Fold, Reveal
from cardcore.replay.runner import replay_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_the_report_order_is_the_revised_one() -> None:
    """C-6, C-8, C-4, C-7, C-5, C-1, C-2, C-3 (RULES.md, common rules)."""
    assert sorted(REPORT_ORDER, key=REPORT_ORDER.__getitem__) == [
        "C-6", "C-8", "C-4", "C-7", "C-5", "C-1", "C-2", "C-3"]


def test_a_folded_player_acting_out_of_turn_reports_c7_then_c5() -> None:
    """Both common rules, in order (expect matching alone does not pin the order), and
    the summary cites the first."""
    report = replay_file(FIXTURES / "goblin-poker" / "illegal-folded-player-pitches-out-of-turn.json")
    assert [(p.pointer, p.rule) for p in report.problems] == [
        ("/events/5/player", "C-7"), ("/events/5/player", "C-5")]


def test_a_player_out_of_the_session_named_in_a_reveal_breaks_c7_and_c5() -> None:
    """Out of the game (C-7) and not among those the reveal is for (C-5), at the same key;
    the replay stops at that event."""
    report = replay_file(FIXTURES / "goblin-poker" / "illegal-out-of-session-player-reveals.json")
    assert [p.rule for p in report.problems] == ["C-7", "C-5"]
    assert report.stopped_at == 9


def test_a_mistyped_name_gets_the_likely_player() -> None:
    """C-7 for a name not at the table lists the players and the one it likely means."""
    log = GameLog(RULES, ["Aki", "Ben", "Chie"])
    log.append(Deal())
    log.append(Reveal(cards={"Aki": 4, "Ben": 2, "Chie": 7}))
    with pytest.raises(RuleViolation) as caught:
        log.append(Fold(player="ben"))
    assert caught.value.rule == "C-7"
    assert caught.value.message.endswith("(players: Aki, Ben, Chie) (did you mean 'Ben'?)")


@pytest.mark.parametrize(("player", "meant", "how"), [
    ("Chie\u0301", "Chi\u00e9", "in another Unicode form (the same letters, composed otherwise)"),
    ("Ben\u200b", "Ben", "with a character that prints as nothing (U+200B)"),
    ("Ben ", "Ben", "with white space at an end"),
])
def test_a_name_that_prints_as_a_players_says_how_it_differs(
        player: str, meant: str, how: str) -> None:
    """An event's "Chié" written with a combining accent, at a table whose players
    write é as one letter, prints exactly as the player's name: "did you mean
    'Chié'?" would read as nonsense. The message says how the two differ, and the
    event is still refused (it must name the player as players writes it)."""
    players = ["Aki", "Ben", "Chi\u00e9"]
    log = GameLog(RULES, players)
    log.append(Deal())
    log.append(Reveal(cards={"Aki": 4, "Ben": 2, "Chi\u00e9": 7}))
    with pytest.raises(RuleViolation) as caught:
        log.append(Fold(player=player))
    assert caught.value.rule == "C-7"
    assert caught.value.message == (
        f"there is no player {player!r} at this table (players: Aki, Ben, Chi\u00e9); "
        f"{player!r} is {meant!r} {how}: write the name as players writes it")


def test_the_players_listed_in_a_c7_message_show_an_invisible_character() -> None:
    """A zero-width space in a player's name is escaped in the list of players, as
    in the name quoted: printed as it is, "(players: Aki, Ben)" would hide it."""
    log = GameLog(RULES, ["Aki", "Ben\u200b"])
    log.append(Deal())
    log.append(Reveal(cards={"Aki": 4, "Ben\u200b": 2}))
    with pytest.raises(RuleViolation) as caught:
        log.append(Fold(player="Zed"))
    assert "(players: Aki, 'Ben\\u200b')" in caught.value.message
    assert "\u200b" not in caught.value.message


def test_auctions_rules_refuse_a_goblin_state_in_words() -> None:
    """Auction's rules on a Goblin state raised AttributeError from inside the
    game; now NotAStateError says whose state it is and what is wanted."""
    from cardcore.errors import NotAStateError
    from cardcore.games.auction import RULES as AUCTION
    from cardcore.games.auction import Deal as AuctionDeal

    goblin = RULES.start(["Aki", "Ben", "Chie"])
    with pytest.raises(NotAStateError) as caught:
        AUCTION.apply(goblin, AuctionDeal(starter=None))
    assert str(caught.value) == (
        "the state is of class GoblinState; Abbott's Auction's rules "
        "apply to its own states (AuctionState), as rules.start(players) makes and "
        "rules.apply returns")


def test_goblins_rules_refuse_an_auction_state_in_words() -> None:
    """Goblin's rules on an Auction state said "C-6 the session is over"; now the
    state is refused before any rule is judged."""
    from cardcore.errors import NotAStateError
    from cardcore.games.auction import RULES as AUCTION

    auction = AUCTION.start(["Aki", "Ben", "Chie"])
    with pytest.raises(NotAStateError, match="of class AuctionState; Goblin Poker's"):
        RULES.apply(auction, Deal())
    with pytest.raises(NotAStateError, match="the state is of class dict; Goblin Poker's"):
        RULES.apply({}, Deal())


def test_an_event_of_another_game_is_refused_where_it_is_read_as_where_it_is_applied() -> None:
    """``refuse_foreign_event`` (for the functions that read an event without
    applying it) lets the game's own events, a check and a ruling through, and
    refuses anything else with the words ``apply`` has for it."""
    from cardcore.dispatch import refuse_foreign_event
    from cardcore.errors import NotAnEventError
    from cardcore.games.auction import Declare
    from cardcore.protocol import Check, Ruling

    for own in (Fold(player="Aki"), Deal(), Check(), Ruling(player="Aki")):
        refuse_foreign_event(RULES, own)
    state = RULES.start(["Aki", "Ben"])
    for foreign in (Declare(player="Aki"), {"type": "fold"}, Fold):
        with pytest.raises(NotAnEventError) as applied:
            RULES.apply(state, foreign)  # type: ignore[arg-type]
        with pytest.raises(NotAnEventError) as read:
            refuse_foreign_event(RULES, foreign)
        assert str(read.value) == str(applied.value)


@pytest.mark.parametrize(("given", "words"), [(1, r"1 \(an int\)"), ("fold", r"'fold' \(a str\)")])
def test_a_value_that_is_no_event_is_named_with_its_article(given: object, words: str) -> None:
    """A value applied instead of an event is named by its type with the article
    that type takes: "1 (a int)" read wrongly."""
    with pytest.raises(NotAnEventError, match=rf"^{words} is not an event of Goblin Poker: "):
        RULES.apply(RULES.start(["Aki", "Ben"]), given)  # type: ignore[arg-type]
