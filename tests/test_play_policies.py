"""Policies (cardcore.play.policies): the random player."""

from __future__ import annotations

from typing import Any

import pytest

from cardcore.errors import CardcoreError, SetupError
from cardcore.games.goblin import Fold, Pitch
from cardcore.play import PASS, RandomPolicy
from cardcore.play.errors import PolicyError, WeightError
from cardcore.play.listing import Listing, given


def test_a_random_player_picks_a_kind_first_then_an_event_of_it() -> None:
    """One fold among nine pitches is taken about half the time, each pitch about
    one time in eighteen."""
    offers = [Fold(player="A"), *(Pitch(player="A", card=n) for n in range(1, 10))]
    policy = RandomPolicy(7)
    picks = [policy(None, offers) for _ in range(3600)]
    folds = sum(isinstance(pick, Fold) for pick in picks)
    assert 1600 < folds < 2000
    assert all(pick in offers for pick in picks)
    assert 120 < sum(pick == offers[5] for pick in picks) < 290


def test_a_random_player_treats_a_pass_as_a_kind_and_is_seeded() -> None:
    """Over a listing with a pass, the pass is one kind among two; the seed decides."""
    listing = Listing([given("fold", (Fold(player="A"),)), given("pass", (PASS,))])
    one, two = RandomPolicy(3), RandomPolicy(3)
    picks = [one(None, listing) for _ in range(200)]
    assert picks == [two(None, listing) for _ in range(200)]
    assert 60 < sum(pick is PASS for pick in picks) < 140


def test_a_pass_reads_as_an_offer_of_kind_pass() -> None:
    """Every offer of an Auction seat has a TYPE, the pass too, and it is the kind
    the listing names it by: a bot reads ``offer.TYPE`` of each without a special
    case (it raised AttributeError on the pass)."""
    from cardcore.play import Match

    match = Match("auction", ["Aki", "Ben", "Chie"], seed=1)
    match.deal()
    _seat, offers = match.asking.ask(match.state, match.whose(), match.legal)
    assert [offer.TYPE for offer in offers][-1] == "pass"
    assert isinstance(offers, Listing) and PASS.TYPE in offers.kind_names()


@pytest.mark.parametrize(("weights", "words"), [
    ({"fodl": 0.0}, "'fodl' is no kind of event of any game: the kinds are bid, "),
    ({"fold": -5}, "the weight of fold is -5: a weight is a number of 0 or more"),
    ({"fold": "2"}, "the weight of fold is '2': a weight is a number of 0 or more"),
    ({"fold": True}, "the weight of fold is True: "),
    ({"fold": float("inf")}, "the weight of fold is inf: "),
])
def test_weights_that_mean_nothing_are_refused_in_words(weights: Any, words: str) -> None:
    """A misspelt kind left the player as it was without a word, a negative weight
    acted as 0 and a string weight raised a bare TypeError at the first draw."""
    with pytest.raises(WeightError) as refused:
        RandomPolicy(1, weights)
    assert str(refused.value).startswith(words)
    assert isinstance(refused.value, CardcoreError)


@pytest.mark.parametrize("offers", [[], Listing([])])
def test_a_random_player_offered_nothing_says_so(offers: Any) -> None:
    """Offered nothing, a random player raised a bare IndexError ("list index out
    of range" for a list): a PolicyError says what happened."""
    with pytest.raises(PolicyError, match="a random player was offered nothing to pick from"):
        RandomPolicy(1)(None, offers)


@pytest.mark.parametrize(("seed", "why"), [
    (1.5, ""), ("7", ""), (None, ""), (float("nan"), ""), (True, ""), (b"7", ""),
    (-1, ": it would give the same random numbers as 1, and so play the same game")])
def test_a_random_player_takes_a_seed_as_the_dealer_does(seed: Any, why: str) -> None:
    """RandomPolicy(1.5), RandomPolicy("7") and RandomPolicy(float("nan")) were taken as
    Python's random takes them, RandomPolicy(None) drew from the clock (a game no seed
    plays again) and RandomPolicy(-1) played as RandomPolicy(1): a seed is a whole
    number of 0 or more or a random.Random, refused in the dealer's words."""
    with pytest.raises(SetupError, match=r"^a seed is a whole number of 0 or more, or a "
                                         rf"random\.Random, not .*{why}") as refused:
        RandomPolicy(seed)
    assert refused.value.path == ("seed",)
