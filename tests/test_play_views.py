"""A seat's view (cardcore.play.views): what it may know, kept as the game goes;
two states that differ only in what a seat may not see give it the same view
and the same legal events."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.hiding import hide
from cardcore.play import Match, View, legal_events
from cardcore.play.errors import SeatError
from cardcore.play.views import information_string
from cardcore.protocol import Setup
from tests.playing import PLAYERS, played

GAMES = tuple(PLAYERS)


def _setup(match: Match[Any]) -> Setup:
    players = match.log.players
    return Setup(players=players, options=match.log.options, ages=(None,) * len(players))


def _hidden_state(match: Match[Any], seat: int) -> Any:
    """The state of the game as a log that knows only what ``seat`` may see: every
    other card unknown. It differs from the true one only in what the seat may not see."""
    name = match.log.players[seat]
    state = match.rules.start(_setup(match))
    for event in match.log.events:
        state, _ = match.rules.apply(state, hide(event, lambda player: player == name))
    return state


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), extra=st.integers(0, 3))
def test_what_a_seat_may_not_see_changes_neither_its_view_nor_its_events(
        game: str, seed: int, steps: int, extra: int) -> None:
    """For every seat: the true state and the state that knows only what the seat
    may see give the seat the same legal events, and the two logs give it the
    same view (state and information-state string)."""
    low, high = PLAYERS[game]
    match = played(game, min(low + extra, high), seed, steps)
    for seat in range(len(match.log.players)):
        hidden = _hidden_state(match, seat)
        assert list(match.legal(seat)) == list(legal_events(match.rules, hidden, seat))
        name = match.log.players[seat]
        seen = [hide(event, lambda player, me=name: player == me) for event in match.log.events]
        mine, theirs = match.views[seat], View(match.rules, _setup(match), seat, seen)
        assert mine.state == hidden
        assert mine.information_state() == theirs.information_state()
        assert mine.state == theirs.state
        assert list(mine.state.account.zone(f"{mine.player}'s hand").known_cards()) == list(
            match.state.account.zone(f"{mine.player}'s hand").known_cards())


@pytest.mark.parametrize("game", GAMES)
def test_a_view_is_kept_as_the_game_goes(game: str) -> None:
    """A view asked after every step folds only the new events, and ends equal to a
    view of the same game asked once at the end."""
    low, _ = PLAYERS[game]
    looked = played(game, low + 1, 11, 0)
    policies = [lambda view, offers: (view.state, offers[0])[1]] * (low + 1)
    for _ in range(60):
        if not looked.step(policies):
            break
    events = list(looked.log.events)
    for seat in range(low + 1):
        once: View[Any] = View(looked.rules, _setup(looked), seat, events)
        assert looked.views[seat].state == once.state
        assert looked.views[seat].events == once.events


def test_another_seats_secret_cards_are_unknown_in_a_view() -> None:
    """Goblin Poker: a seat's view knows its own hand and not the others'."""
    match = played("goblin-poker", 3, 4, 2)
    view = match.views[0]
    own = view.state.account.zone("Aki's hand")
    other = view.state.account.zone("Ben's hand")
    assert own.unknown == 0 and own.known
    assert other.unknown == match.state.account.zone("Ben's hand").size and not other.known


def test_the_information_state_string_is_deterministic() -> None:
    """Two games played alike give the same strings; one line per event seen."""
    one, two = played("auction", 3, 8, 40), played("auction", 3, 8, 40)
    for seat in range(3):
        text = one.views[seat].information_state()
        assert text == two.views[seat].information_state()
        assert len(text.splitlines()) == len(one.log) + 1
    assert one.views[0].information_state() != one.views[1].information_state()


def test_an_event_is_spelled_with_mappings_sorted_and_unknown_cards_as_a_question_mark() -> None:
    """The spelling of an event does not depend on the order its dict was built in."""
    from cardcore.games.orc import Pitch

    built = Pitch(cards={"Cy": 3, "Aki": None}, order=(None, 3))
    again = Pitch(cards={"Aki": None, "Cy": 3}, order=(None, 3))
    assert information_string(built) == information_string(again) == \
        "pitch(cards={Aki:?,Cy:3},order=[?,3])"


def test_a_view_starts_before_the_first_event() -> None:
    """A view of a game not yet dealt is the start state."""
    from cardcore.games.saint import RULES

    setup = Setup(players=("Aki", "Ben"), options=RULES.setup(["Aki", "Ben"]).options,
                  ages=(None, None))
    view: View[Any] = View(RULES, setup, 1, [])
    assert view.state == RULES.start(setup) and view.player == "Ben" and view.events == ()


class _Counting:
    """A game's rules that count the events they apply."""

    def __init__(self, rules: Any) -> None:
        self.rules, self.name, self.applied = rules, rules.name, 0

    def start(self, setup: Setup) -> Any:
        return self.rules.start(setup)

    def apply(self, state: Any, event: Any) -> Any:
        self.applied += 1
        return self.rules.apply(state, event)


def test_a_view_folds_each_event_once() -> None:
    """Asked again, a view folds only the events that came since: no replay."""
    match = played("orc-poker", 3, 6, 30)
    events = list(match.log.events)
    counting = _Counting(match.rules)
    seen: list[Any] = events[:10]
    view: View[Any] = View(counting, _setup(match), 0, seen)  # type: ignore[arg-type]
    first = view.state
    assert counting.applied == 10
    seen.extend(events[10:])
    assert view.state is view.state is not first
    assert counting.applied == len(events)


@pytest.mark.parametrize("name, value", [
    ("player", "Ben"), ("seat", 1), ("players", ("Ben", "Aki")), ("rules", None)])
def test_whose_view_it_is_cannot_be_changed(name: str, value: Any) -> None:
    """A view's player, seat, players and rules are read-only (an AttributeError, as
    a frozen attrs class gives): the view still hides Ben's hand from Aki. A plain
    attribute let ``view.player = "Ben"`` show Ben's hand."""
    match = played("saint-poker", 2, 1, 0)
    view = match.views[0]
    with pytest.raises(AttributeError):
        setattr(view, name, value)
    match.deal()
    assert (view.seat, view.player, view.players) == (0, "Aki", ("Aki", "Ben"))
    assert view.rules is match.rules
    assert not view.state.account.zone("Ben's hand").known_cards()
    assert match.state.account.zone("Ben's hand").known_cards()


def test_a_policy_cannot_make_its_view_another_seat_s() -> None:
    """A policy that tries to turn its view into the other seat's, whenever it is
    asked, still sees only what its own seat may know, to the end of the game."""
    match = played("saint-poker", 2, 3, 0)
    asked: list[bool] = []

    def peeking(view: View[Any], offers: Any) -> Any:
        with contextlib.suppress(AttributeError):
            view.player = view.players[1 - view.seat]
        asked.append(view.state == _hidden_state(match, view.seat))
        return offers[0]

    policies = [peeking, lambda view, offers: offers[0]]
    for _ in range(60):
        if not match.step(policies):
            break
    assert len(asked) > 5 and all(asked)


@pytest.mark.parametrize("seat", [2, 7, -1, True, "Aki", 1.0, None])
def test_a_seat_that_is_not_one_of_the_table_is_refused_with_the_seats_named(seat: Any) -> None:
    """Seat 2 of two players, -1 (not the last seat), True (not seat 1), a name or a
    float: a SeatError naming the seats (as Match.legal's), never an IndexError or
    another seat's view."""
    from cardcore.games.saint import RULES
    from cardcore.play.errors import SeatError

    setup = RULES.setup(["Aki", "Ben"])
    with pytest.raises(SeatError) as caught:
        View(RULES, setup, seat, [])
    assert "is not a seat of this table: its seats are 0 to 1 (0 Aki, 1 Ben)" in str(caught.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_s_view_of_a_log_follows_the_log(game: str) -> None:
    """View.of(log, seat) is the seat's view of a GameLog: equal to the match's own
    view of the same events, and kept as events are appended to the log."""
    low, _ = PLAYERS[game]
    match = played(game, low + 1, 5, 10)
    views = [View.of(match.log, seat) for seat in range(low + 1)]
    for seat, view in enumerate(views):
        assert (view.seat, view.player) == (seat, match.log.players[seat])
        assert view.state == match.views[seat].state
    policies = [lambda view, offers: offers[0]] * (low + 1)
    for _ in range(20):
        match.step(policies)
    for seat, view in enumerate(views):
        assert view.events == match.views[seat].events
        assert view.state == match.views[seat].state


@pytest.mark.parametrize("seat", [-1, 3, 9, True, "Ben", 1.0, None])
def test_a_matchs_views_are_indexed_by_seat_as_legal_takes_one(seat: Any) -> None:
    """``match.views[5]`` raised a bare IndexError (and ``views[-1]`` gave the last
    seat's view, ``views[True]`` seat 1's) where ``match.legal(5)`` and
    ``View.of(log, 5)`` say which seats there are: the same SeatError now, an
    IndexError too for a program that caught that."""
    match: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=1)
    with pytest.raises(SeatError) as indexed:
        match.views[seat]
    with pytest.raises(SeatError) as listed:
        match.legal(seat)
    assert str(indexed.value) == str(listed.value)
    assert isinstance(indexed.value, IndexError)


def test_a_matchs_views_are_still_a_tuple_of_one_view_a_seat() -> None:
    """Each seat's view at its seat; slices, iteration and equality as a tuple's."""
    match: Match[Any] = Match("orc-poker", ["Aki", "Ben", "Cy"], seed=1)
    views = match.views
    assert isinstance(views, tuple) and len(views) == 3
    assert [view.player for view in views] == ["Aki", "Ben", "Cy"] == [
        views[seat].player for seat in range(3)]
    assert views[1:] == (views[1], views[2]) and views == tuple(views)


@pytest.mark.parametrize("log", ["goblin-poker", None, "game.json"])
def test_a_view_of_what_is_no_log_is_refused_in_words(log: Any) -> None:
    """``View.of("x", 0)`` raised AttributeError ("'str' object has no attribute
    'rules'") from inside: a CardcoreError says a view is of a GameLog, quoting
    what was given."""
    from cardcore.errors import CardcoreError

    with pytest.raises(CardcoreError, match=r"^View\.of gives a seat's view of a GameLog "
                                            r"\(cardcore\.load_log reads one from a file; a "
                                            rf"Match's views are match\.views\), not {log!r}$"):
        View.of(log, 0)
