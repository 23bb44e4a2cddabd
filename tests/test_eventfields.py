"""Events built in Python: every field checked and frozen where the event is built."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardcore.cards import Card, PairsCard
from cardcore.errors import CardcoreError, EventValueError
from cardcore.eventfields import unchecked
from cardcore.frozen import FrozenMap
from cardcore.gamelog import GameLog
from cardcore.games.auction import BidEvent, Win
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.games.goblin import Deal, Pitch, Reveal
from cardcore.games.orc import Reveal as OrcReveal
from cardcore.protocol import Check


def _refusal(build: Callable[[], object]) -> EventValueError:
    with pytest.raises(EventValueError) as caught:
        build()
    assert isinstance(caught.value, CardcoreError)
    return caught.value


@pytest.mark.parametrize(("build", "event", "path", "given", "allowed"), [
    (lambda: Pitch(player="Aki", card=4.0), "Pitch", ("card",), "4.0 (a float)",
     "a Pairs card: an integer from 1 to 10"),
    (lambda: Pitch(player="Aki", card="4"), "Pitch", ("card",), "'4' (a string)",
     "a Pairs card: an integer from 1 to 10"),
    (lambda: Win(player="Aki", cards=["8D"]), "Win", ("cards", 0), "'8D' (a string)",
     "a Card, like Card.parse('AS')"),
    (lambda: Reveal(cards=list), "Reveal", ("cards",), "the class list",
     "a mapping of player names to values"),
    (lambda: Deal(hands={"A": 5}), "PairsDeal", ("hands", "A"), "5 (an int)",
     "a list or tuple of values"),
    (lambda: BidEvent(player="Aki", kind="pairs", ranks="KQ"), "BidEvent", ("ranks",),
     "'KQ' (a string)", "a list or tuple of values that are each a string"),
], ids=["Pitch(card=4.0)", "Pitch(card='4')", "Win(cards=['8D'])", "Reveal(cards=list)",
        "Deal(hands={'A': 5})", "ranks='KQ'"])
def test_the_issues_wrong_values_are_refused_in_words(build: Callable[[], object], event: str,
                                                      path: tuple[Any, ...], given: str,
                                                      allowed: str) -> None:
    """Each case of the issue raises an EventValueError naming the event, the
    field, what was given and what is allowed."""
    error = _refusal(build)
    assert (error.event, error.path, error.given) == (event, path, given)
    assert error.allowed.startswith(allowed)
    assert str(error).startswith(f"{event}.{path[0]}") and given in str(error)
    assert allowed in str(error)


def test_the_message_locates_a_value_deep_inside_a_field() -> None:
    """A wrong card in a hand is named by the player and its place in the hand."""
    error = _refusal(lambda: Deal(hands={"Aki": [1, 2, 11]}))
    assert error.path == ("hands", "Aki", 2)
    assert str(error).startswith("PairsDeal.hands['Aki'][2] cannot be 11 (an int)")


def test_a_name_must_be_a_string() -> None:
    """A player given as a number, or a key of a name-keyed field that is not a
    string, is refused where the event is built."""
    assert _refusal(lambda: Pitch(player=3)).path == ("player",)  # type: ignore[arg-type]
    error = _refusal(lambda: Reveal(cards={1: 4}))  # type: ignore[dict-item]
    assert error.path == ("cards", 1) and "a player's name" in str(error)


def test_a_check_with_wrong_figures_is_refused_where_built() -> None:
    """``Check(pot={...})`` and chips that are not whole numbers never reach a log."""
    assert _refusal(lambda: Check(pot={"P1": "junk"})).path == ("pot",)  # type: ignore[arg-type]
    assert _refusal(lambda: Check(chips={"P1": 1.5})).path == ("chips", "P1")  # type: ignore[dict-item]


def test_a_refused_event_is_refused_before_any_rule_is_judged() -> None:
    """The log never sees the event: nothing is appended and no rule is cited."""
    log = GameLog(GOBLIN, ["Aki", "Ben"])
    with pytest.raises(EventValueError):
        log.append(Deal(hands=0))  # type: ignore[arg-type]
    assert len(log) == 0


def test_right_values_are_kept_frozen() -> None:
    """Lists become tuples and dicts FrozenMaps; cards and None stay as given."""
    win = Win(player="Aki", cards=[Card.parse("8D"), None])
    assert win.cards == (Card.parse("8D"), None) and type(win.cards) is tuple
    reveal = Reveal(cards={"Aki": PairsCard(4), "Ben": None})
    assert type(reveal.cards) is FrozenMap and reveal.cards == {"Aki": 4, "Ben": None}
    assert BidEvent(player="Aki", kind="pairs", ranks=["K", "Q"]).ranks == ("K", "Q")


def test_an_event_error_is_also_a_type_error() -> None:
    """Code that catches Python's TypeError for a wrong argument type still does."""
    with pytest.raises(TypeError):
        Pitch(player="Aki", card=4.0)  # type: ignore[arg-type]


def test_unchecked_makes_the_same_event_without_the_checks() -> None:
    """``unchecked(cls)`` takes ``cls``'s keywords and defaults and makes an equal,
    hashable, immutable event; it stores what it is given (checking is what it
    leaves out, so a wrong value is not refused: its callers' tests hold them
    to the checked constructor)."""
    make = unchecked(OrcReveal)
    assert make is unchecked(OrcReveal)  # written once per class
    made = make(cards=FrozenMap({"Aki": 4}))
    assert made == OrcReveal(cards={"Aki": 4})
    assert hash(made) == hash(OrcReveal(cards={"Aki": 4}))
    assert made.draws is None and made.note is None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.cards = FrozenMap()  # type: ignore[misc]
    with pytest.raises(TypeError, match="cards"):
        make()  # a required field is still required
    assert make(cards=FrozenMap({"Aki": 4.0})).cards["Aki"] == 4.0  # stored as given


def test_a_bids_rank_and_suit_are_kept_in_one_spelling() -> None:
    """A bid built with "t", "T", "q" or a suit symbol is the bid built with "10",
    "Q" and the suit's letter: the same event, as a loaded one is; what is no rank
    or suit is kept as given, for the rules to refuse."""
    assert BidEvent(player="Aki", kind="single", rank="t", suit="\u2660") == BidEvent(
        player="Aki", kind="single", rank="10", suit="S")
    flush = BidEvent(player="Aki", kind="flush", ranks=["k", "T", "9", "5", "2"])
    assert flush.ranks == ("K", "10", "9", "5", "2") and type(flush.ranks) is tuple
    odd = BidEvent(player="Aki", kind="single", rank="11", suit="X")
    assert (odd.rank, odd.suit) == ("11", "X")
    assert _refusal(lambda: BidEvent(player="Aki", kind="single", rank=9)).path == ("rank",)


def test_a_wrong_value_a_program_gave_is_quoted_as_python_writes_it() -> None:
    """``Pitch(player="Ben", card=True)`` was refused "cannot be true (a bool)",
    JSON's word for what the program wrote ``True``; an event built in Python is
    quoted in Python's words (a transcript's values are judged by the loader,
    which quotes the file's JSON)."""
    from cardcore.games.goblin import Pitch

    refused = _refusal(lambda: Pitch(player="Ben", card=True))
    assert str(refused).startswith("Pitch.card cannot be True (a bool): it takes a Pairs card")
    refused = _refusal(lambda: Pitch(player=None, card=3))  # type: ignore[arg-type]
    assert "cannot be None (a NoneType)" in str(refused)
