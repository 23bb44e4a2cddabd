"""The append-only GameLog."""

from __future__ import annotations

import pytest

from cardcore.cards import PairsCard
from cardcore.errors import RuleViolation
from cardcore.gamelog import GameLog
from cardcore.games.goblin import RULES, Deal, Fold, Pitch, Reveal
from cardcore.protocol import Check


def test_append_keeps_events_states_and_effects_in_step() -> None:
    """One state per event plus the start; effects per event."""
    log = GameLog(RULES, ["Aki", "Ben"])
    log.append(Deal())
    log.append(Reveal(cards={"Aki": 4, "Ben": 2}))
    assert len(log) == 2 and len(log.states) == 3 and len(log.effects) == 2
    assert log.events == (Deal(), Reveal(cards={"Aki": 4, "Ben": 2}))
    assert log.state is log.states[-1]


def test_a_refused_event_leaves_history_untouched() -> None:
    """History is never rewritten: a violation raises and nothing is appended."""
    log = GameLog(RULES, ["Aki", "Ben"])
    log.append(Deal())
    before = (log.events, log.states)
    with pytest.raises(RuleViolation):
        log.append(Fold(player="Aki"))
    assert (log.events, log.states) == before


def test_checks_are_kept_and_change_nothing() -> None:
    """A scoresheet reading is an event of the log but not of the rules."""
    log = GameLog(RULES, ["Aki", "Ben"])
    log.append(Deal())
    state = log.state
    assert log.append(Check(pot=2)) == ()
    assert log.state is state and isinstance(log.events[-1], Check)


def test_expected_and_outcome_follow_the_state() -> None:
    """What may come next and the standings are derived from the current state."""
    log = GameLog(RULES, ["Aki", "Ben"])
    log.append(Deal())
    log.append(Reveal(cards={"Aki": 4, "Ben": 2}))
    assert log.expected.players == ("Ben",) and log.expected.kinds == {"pitch", "fold"}
    log.append(Pitch(player="Ben"))
    log.append(Fold(player="Aki"))
    assert log.outcome.chips == {"Aki": 97, "Ben": 103} and log.outcome.complete


def test_ages_reach_the_games_that_take_them() -> None:
    """Saint Poker's refill order uses ages (SP-2.6); GameLog passes them on."""
    from cardcore.games.saint import RULES as SAINT

    log = GameLog(SAINT, ["Aki", "Ben"], ages={"Aki": 30, "Ben": 20})
    assert log.state.ages == (30, 20)


def test_options_may_be_given_as_a_mapping_of_their_names() -> None:
    """GameLog(RULES, players, {"starting_chips": 8}) as a transcript writes options;
    an unknown name is refused with the options there are."""
    import pytest

    from cardcore.errors import SetupError
    from cardcore.games.orc import RULES as ORC

    log = GameLog(ORC, ["Aki", "Ben", "Chie"], {"starting_chips": 8})
    assert log.outcome.chips == {"Aki": 8, "Ben": 8, "Chie": 8}
    assert log.expected.rule == "OP-1.3"
    with pytest.raises(SetupError, match="has no option 'chips': its options are preset"):
        GameLog(ORC, ["Aki", "Ben", "Chie"], {"chips": 8})


def test_a_log_may_name_its_game_by_its_transcript_name() -> None:
    """GameLog("goblin-poker", ...) is the log of RULES; an unknown name is refused with
    the names there are, as get_game refuses it."""
    from cardcore.registry import UnknownGameError

    log = GameLog("goblin-poker", ["Aki", "Ben"])
    assert log.rules is RULES and log.state == RULES.start(["Aki", "Ben"])
    with pytest.raises(UnknownGameError, match="the games are goblin-poker"):
        GameLog("gin", ["Aki", "Ben"])


def test_changing_a_dict_an_event_was_built_from_does_not_rewrite_the_log() -> None:
    """The log keeps its own copy of an event's tables: the program's dict, changed
    after the append, leaves the kept event (equal to the one appended) as it was, and
    the saved record still loads."""
    log = GameLog(RULES, ["Aki", "Ben", "Chie"])
    log.append(Deal())
    cards = {"Aki": PairsCard(4), "Ben": PairsCard(2), "Chie": PairsCard(7)}
    log.append(Reveal(cards=cards))
    cards["Aki"] = PairsCard(9)
    assert log.events[-1] == Reveal(cards={"Aki": PairsCard(4), "Ben": PairsCard(2),
                                           "Chie": PairsCard(7)})
    assert log.expected.text == "Ben pitches or folds (GP-4.1)"


@pytest.mark.parametrize("meta", ["x", 5, ["a"]])
def test_meta_that_is_no_mapping_is_a_cardcore_error_in_words(meta: object) -> None:
    """GameLog(meta="x"): a CardcoreError saying what meta is, not dict()'s own error."""
    from cardcore.errors import CardcoreError

    with pytest.raises(CardcoreError, match="meta is a free-form object"):
        GameLog("goblin-poker", ["Aki", "Ben"], meta=meta)  # type: ignore[arg-type]
