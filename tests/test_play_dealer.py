"""The dealer (cardcore.play.dealer): chance as its own step, seeded, holding the
true deck."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardcore.decks import DOUBLE_DECK, PAIRS_DECK
from cardcore.errors import NotAnEventError, NotAStateError, SetupError
from cardcore.games.auction import RULES as AUCTION
from cardcore.games.auction import Declare
from cardcore.games.goblin import RULES as GOBLIN
from cardcore.games.goblin import Fold
from cardcore.play import Dealer, Match, RandomPolicy, play
from cardcore.play.dealer import DealerError
from cardcore.zones import STOCK


def test_a_deal_shuffles_the_whole_deck_and_keeps_the_rest_as_the_stock() -> None:
    """Every card of the deck is in a hand or the stock, as often as the deck holds it."""
    dealer = Dealer(4)
    hands = dealer.deal(DOUBLE_DECK, ["A", "B", "C", "D"], 10)
    dealt = [card for cards in hands.values() for card in cards]
    assert Counter(dealt + dealer.stock) == Counter(DOUBLE_DECK.counts)
    assert len(dealer.stock) == DOUBLE_DECK.size - 40


def test_the_seed_decides_the_shuffle() -> None:
    """Same seed, same order; another seed, another order."""
    assert Dealer(1).shuffled(PAIRS_DECK) == Dealer(1).shuffled(PAIRS_DECK)
    assert Dealer(1).shuffled(PAIRS_DECK) != Dealer(2).shuffled(PAIRS_DECK)


def test_the_dealer_writes_the_chance_steps_of_a_game() -> None:
    """An Auction deal names every hand and the starter; the game's stock is the
    dealer's; a flip turns the dealer's top card."""
    state = AUCTION.start(["Aki", "Ben"])
    dealer = Dealer(9)
    deal = dealer.chance(AUCTION, state)
    state, _ = AUCTION.apply(state, deal)
    assert state.account.size(STOCK) == len(dealer.stock)
    top = dealer.stock[0]
    assert dealer.copy().draw(state, 1) == (top,)


def test_a_dealer_refuses_a_stock_that_is_not_its_own() -> None:
    """Chance events the dealer did not write put its stock out of step: it says so."""
    match: Match[Any] = Match(GOBLIN, ["Aki", "Ben"], seed=1)
    match.deal()
    with pytest.raises(DealerError, match="the dealer holds 0 stock cards"):
        Dealer(2).draw(match.state, 1)


def test_a_copy_deals_what_the_original_would() -> None:
    """A copy has the same stock and the same random numbers to come."""
    dealer = Dealer(3)
    dealer.deal(PAIRS_DECK, ["A", "B"], 6)
    twin = dealer.copy()
    assert twin.shuffled(range(20)) == dealer.shuffled(range(20))
    assert twin.stock == dealer.stock and twin.stock is not dealer.stock


def test_a_match_deals_only_where_chance_is_next() -> None:
    """Asking the dealer for a step that is a player's is refused in words."""
    match: Match[Any] = Match(GOBLIN, ["Aki", "Ben"], seed=1)
    match.deal()
    with pytest.raises(DealerError, match="the next step is not chance's: every player reveals"):
        match.deal()


@pytest.mark.parametrize("seed", ["x", True, 1.5, None, b"7"])
def test_a_seed_that_is_no_whole_number_is_refused(seed: Any) -> None:
    """``play(..., seed="x")`` played a game (Python's random takes a string, and a
    float or a bool, as a seed) though a seed is typed int: the dealer refuses
    anything but a whole number or a random.Random, for play and Match alike."""
    _refused_everywhere(seed, r"a seed is a whole number of 0 or more, or a random.Random "
                              r"\(a Match also takes a Dealer\), not ")


def _refused_everywhere(seed: Any, words: str) -> None:
    """``seed`` is refused with ``words`` (SetupError at ``seed``) by the dealer, a
    Match and play alike."""
    with pytest.raises(SetupError, match=words) as refused:
        Dealer(seed)
    assert refused.value.path == ("seed",)
    with pytest.raises(SetupError, match=words):
        Match(GOBLIN, ["Aki", "Ben"], seed=seed)
    with pytest.raises(SetupError, match=words):
        play("goblin-poker", [RandomPolicy(1), RandomPolicy(2)], seed=seed)


@pytest.mark.parametrize(("seed", "words"), [(True, "True"), (None, "None")])
def test_a_seed_refused_is_quoted_as_python_writes_it(seed: Any, words: str) -> None:
    """``play(..., seed=True)`` was refused "not true", and ``seed=None`` "not
    null": JSON's words for what the program wrote True and None. A seed a
    program gave is quoted as Python writes it."""
    with pytest.raises(SetupError, match=rf", not {words}\b"):
        play("goblin-poker", [RandomPolicy(1), RandomPolicy(2)], seed=seed)


@pytest.mark.parametrize("seed", [-5, -1, -(2**40)])
def test_a_negative_seed_is_refused_saying_why(seed: int) -> None:
    """Python's random seeds by a number's size, so ``play(..., seed=-5)`` played
    the very game of seed 5. A negative seed is refused (SetupError at ``seed``)
    by the dealer, a Match, play and Match.resume alike, saying what a seed is
    and that it would deal the game of its positive."""
    words = (rf"a seed is a whole number of 0 or more, .*, not {seed}: it would give the same "
             rf"random numbers as {-seed}, and so play the same game")
    _refused_everywhere(seed, words)
    match: Match[Any] = Match(GOBLIN, ["Aki", "Ben"], seed=1)
    match.deal()
    with pytest.raises(SetupError, match=words):
        Match.resume(match.log, seed=seed)


def test_a_seed_of_0_or_more_deals_as_before() -> None:
    """Refusing negative seeds changes no game: a seed of 0 or more seeds Python's
    random.Random with itself, as it always did."""
    for seed in (0, 1, 5, 2**70):
        assert Dealer(seed).shuffled(PAIRS_DECK) == Dealer(random.Random(seed)).shuffled(
            PAIRS_DECK)


def test_the_dealer_refuses_a_state_or_an_event_of_another_game() -> None:
    """``Dealer.chance`` and ``Dealer.complete`` read the state with the game's own
    play part: another game's state or event is refused as ``rules.apply`` does."""
    goblin_state = GOBLIN.start(["Aki", "Ben"])
    auction_state = AUCTION.start(["Aki", "Ben"])
    with pytest.raises(NotAStateError, match="of class GoblinState; Abbott's Auction's"):
        Dealer(1).chance(AUCTION, goblin_state)
    with pytest.raises(NotAStateError, match="of class GoblinState; Abbott's Auction's"):
        Dealer(1).complete(AUCTION, goblin_state, Declare(player="Aki"))
    with pytest.raises(NotAnEventError, match=r"goblin\.events\.Fold is not an event of Abbott.s"):
        Dealer(1).complete(AUCTION, auction_state, Fold(player="Aki"))
