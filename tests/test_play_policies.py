"""Policies (cardcore.play.policies): the random player."""

from __future__ import annotations

from cardcore.games.goblin import Fold, Pitch
from cardcore.play import PASS, RandomPolicy
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
