"""The action catalogue (cardcore.play.catalogue): a stable number for every
action of a game, with a mask of the legal ones."""

from __future__ import annotations

from typing import Any

import pytest

from cardcore.cards import Card
from cardcore.errors import (
    CardcoreError,
    NotAnEventError,
    NotAStateError,
    SetupError,
    UnknownGameError,
)
from cardcore.games.auction import RULES as AUCTION
from cardcore.games.goblin import Fold
from cardcore.games.orc import RULES as ORC
from cardcore.games.saint import RULES as SAINT
from cardcore.games.saint import River
from cardcore.games.saint import Show as SaintShow
from cardcore.play import RandomPolicy, catalogue
from cardcore.play.errors import CatalogueError
from cardcore.protocol import Check
from tests.playing import PLAYERS, played

GAMES = tuple(PLAYERS)


@pytest.mark.parametrize("game", GAMES)
def test_every_key_is_listed_once_and_the_list_is_stable(game: str) -> None:
    """Keys are unique, and the catalogue is the same every time it is built."""
    from cardcore.play.catalogue import Catalogue

    match = played(game, PLAYERS[game][0], 1, 0)
    actions = catalogue(match.rules, 3)
    assert len(set(actions.keys)) == len(actions)
    assert Catalogue(match.rules, 3).keys == actions.keys


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_event_has_a_number_and_the_mask_marks_them(game: str) -> None:
    """Over a played game: each legal event of each seat has a number, the mask is
    true exactly at those numbers, and a number gives back a legal event of it."""
    low, _ = PLAYERS[game]
    match = played(game, low, 2, 0)
    actions = catalogue(match.rules, low)
    policies = [RandomPolicy(seat) for seat in range(low)]
    for _ in range(80):
        for seat in match.whose().seats:
            legal = list(match.legal(seat))
            numbers = {actions.index(match.state, event) for event in legal}
            mask = actions.mask(match.state, legal)
            assert {n for n, marked in enumerate(mask) if marked} == numbers
            for number in sorted(numbers)[:5]:
                event: Any = actions.event(match.state, legal, number)
                assert event in legal and actions.index(match.state, event) == number
        if not match.step(policies):
            break


@pytest.mark.parametrize("number", [-1, 10**6, 1.0, True, "3"])
def test_a_number_that_is_no_action_is_refused_in_words(number: object) -> None:
    """Actions are numbered 0 to len - 1: -1 is not the last one (it wrapped round),
    a number past the end is not a bare IndexError, and 1.0 or True is no number
    of an action. The error is a CardcoreError, and a KeyError as before."""
    actions = catalogue(ORC, 3)
    state = ORC.start(["A", "B", "C"])
    with pytest.raises(CatalogueError, match=r"is not an action of Orc Poker at a table of 3: "
                       r"actions are whole numbers from 0 to \d+") as refused:
        actions.event(state, [], number)  # type: ignore[arg-type]
    assert isinstance(refused.value, KeyError) and isinstance(refused.value, CardcoreError)


def test_a_numpy_integer_is_an_action_number() -> None:
    """``actions.event(state, legal, np.int64(14))`` was refused ("np.int64(14) is not
    an action"), though an action is an int or a NumPy integer (docs/pettingzoo.md)
    and ``np.argmax`` over a mask returns one: a NumPy integer is the action it
    stands for; a NumPy bool or float is none, as Python's are not."""
    np = pytest.importorskip("numpy")
    actions = catalogue(ORC, 3)
    match = played("orc-poker", 3, 1, steps=1)
    legal = match.legal(0)
    mask = np.array(actions.mask(match.state, legal))
    assert mask.any()
    number = np.argmax(mask)
    assert isinstance(number, np.integer) and actions.event(match.state, legal, number) == (
        actions.event(match.state, legal, int(number)))
    for wrong in (np.bool_(True), np.float64(number)):
        with pytest.raises(CatalogueError, match=r"is not an action of Orc Poker"):
            actions.event(match.state, legal, wrong)


@pytest.mark.parametrize(("number", "words"), [(True, "True"), (None, "None")])
def test_a_number_that_is_no_action_is_quoted_as_python_writes_it(number: object, words: str
                                                                  ) -> None:
    """``actions.event(state, legal, True)`` said "true is not an action", JSON's
    word for the program's True; a value a program gave is quoted as Python
    writes it."""
    with pytest.raises(CatalogueError, match=rf"^{words} is not an action of Orc Poker"):
        catalogue(ORC, 3).event(ORC.start(["A", "B", "C"]), [], number)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 2, 9, 99])
def test_a_catalogue_is_made_for_the_games_table_sizes_only(players: int) -> None:
    """Orc Poker is for 3 to 8 players, as GameLog checks: a catalogue of another
    size is refused, not built silently."""
    with pytest.raises(SetupError, match="Orc Poker is for 3 to 8 players"):
        catalogue(ORC, players)


def test_a_saint_show_is_one_action_whichever_order_its_cards_are_given_in() -> None:
    """Saint Poker's two cards shown are a set (SP-2.3): one action per two cards of
    the deck, low card first, and a show gives that action in either order."""
    actions = catalogue(SAINT, 2)
    shows = [key for key in actions.keys if isinstance(key, tuple) and key[0] == "show"]
    assert len(shows) == len({frozenset(key[1:]) for key in shows}) == 52 * 51 // 2
    assert ("show", "3D", "3H") in shows and ("show", "3H", "3D") not in shows
    state = SAINT.start(["A", "B"])
    low, high = Card.parse("3D"), Card.parse("3H")
    low_first = actions.index(state, SaintShow(cards={"A": (low, high)}))
    assert actions.index(state, SaintShow(cards={"A": (high, low)})) == low_first
    assert actions.keys[low_first] == ("show", "3D", "3H")


def test_a_state_of_another_game_is_refused_as_the_rules_refuse_it() -> None:
    """A catalogue read an Auction state with Saint Poker's functions: its mask
    was all False, without a word. Each method refuses it as ``rules.apply`` does."""
    actions = catalogue(SAINT, 2)
    auction_state = AUCTION.start(["Aki", "Ben"])
    river = River(cards={"Aki": Card.parse("AS")})
    for call in (lambda: actions.mask(auction_state, []),
                 lambda: actions.index(auction_state, river),
                 lambda: actions.event(auction_state, [], 0)):
        with pytest.raises(NotAStateError, match="of class AuctionState; Saint Poker's rules"):
            call()


def test_an_event_of_another_game_is_refused_as_the_rules_refuse_it() -> None:
    """A Goblin fold raised a bare KeyError from Saint Poker's catalogue, and a
    Saint Poker show got the number of Auction's show: an event of another game is
    refused with the words ``rules.apply`` has for it."""
    state = SAINT.start(["Aki", "Ben"])
    with pytest.raises(NotAnEventError) as applied:
        SAINT.apply(state, Fold(player="Aki"))
    with pytest.raises(NotAnEventError) as read:
        catalogue(SAINT, 2).index(state, Fold(player="Aki"))
    assert str(read.value) == str(applied.value)
    shown = SaintShow(cards={"Aki": (Card.parse("AS"), Card.parse("KS"))})
    with pytest.raises(NotAnEventError, match="is not an event of Abbott's Auction"):
        catalogue(AUCTION, 2).index(AUCTION.start(["Aki", "Ben"]), shown)


def test_an_event_of_the_game_that_is_no_action_is_refused_in_words() -> None:
    """A deal is chance's and a check no one's: neither has a number. A bare
    KeyError of the key said so; a CatalogueError (still a KeyError) says it."""
    state = SAINT.start(["Aki", "Ben"])
    actions = catalogue(SAINT, 2)
    with pytest.raises(CatalogueError, match=r"a check is not an action of Saint Poker at a "
                                             r"table of 2 \(its key \('check',\) is none of "
                                             r"the catalogue's keys\)") as refused:
        actions.index(state, Check())
    assert isinstance(refused.value, KeyError)


def test_a_catalogue_is_asked_for_by_the_games_name_too() -> None:
    """``catalogue("orc-poker", 3)`` raised AttributeError ('str' object has no
    attribute 'name') where every other function of the play layer takes a name:
    it is the catalogue of the rules of that name (the same one, built once), a
    short name as ``get_game`` reads it, and an unknown name is refused as
    ``get_game`` refuses it."""
    assert catalogue("orc-poker", 3) is catalogue(ORC, 3) is catalogue("orc", 3)
    with pytest.raises(UnknownGameError, match="no game is called 'gin': the games are"):
        catalogue("gin", 3)



def test_an_auction_wins_action_is_the_bid_its_cards_make_in_every_order() -> None:
    """A win's action is the bid its cards make, whatever the order they are laid
    in, and Auction keeps it by the set laid and the wheel (a mask asks for
    every order of every set a seat can lay): every order of 5-6-7-8-9 is the
    straight to the 9, every order of A-2-3-4-5 the straight to the 5 with the
    wheel; and for every way to win offered in played games, the action kept
    is the one made from its own cards."""
    from itertools import permutations

    from cardcore.cards import CARD_ORDER
    from cardcore.games.auction import Win
    from cardcore.games.auction.forms import made_bid
    from cardcore.play.legal.auction.offers import _WIN_KEYS, _bid_key

    def numbers(state: Any, texts: str) -> set[int]:
        cards = [Card.parse(text) for text in texts.split()]
        return {actions.index(state, Win(player="Aki", cards=list(order)))
                for order in permutations(cards)}

    actions = catalogue(AUCTION, 2)
    for wheel in (True, False):
        state = AUCTION.start(["Aki", "Ben"], {"wheel": wheel})
        (number,) = numbers(state, "9H 5C 7D 8S 6H")
        assert actions.keys[number] == ("win", "straight", 9, "")
    (number,) = numbers(AUCTION.start(["Aki", "Ben"], {"wheel": True}), "AH 2C 3D 4S 5H")
    assert actions.keys[number] == ("win", "straight", 5, "")
    # without the wheel they make no bid (no legal win lays them): one action all the
    # same, that of the cards in card order, whichever order was asked for first
    unwheeled = AUCTION.start(["Aki", "Ben"], {"wheel": False})
    _WIN_KEYS.clear()
    (number,) = numbers(unwheeled, "5H 4S 3D 2C AH")
    _WIN_KEYS.clear()
    assert numbers(unwheeled, "AH 2C 3D 4S 5H") == {number}
    in_order = sorted(map(Card.parse, ["AH", "2C", "3D", "4S", "5H"]), key=CARD_ORDER)
    assert actions.keys[number] == ("win", *_bid_key(made_bid(in_order, False)))
    checked = 0
    for seed in range(3):
        match = played("auction", 3, seed, 12 + 7 * seed)
        state = match.state
        for seat in range(3):
            for win in match.legal(seat).of_kind("win"):
                made = ("win", *_bid_key(made_bid(win.cards, state.options.wheel)))
                assert actions.keys[actions.index(state, win)] == made
                checked += 1
    assert checked


@pytest.mark.parametrize("legal", [None, 5, "ab"])
def test_legal_events_that_are_no_sequence_are_refused_in_words(legal: Any) -> None:
    """``catalogue("goblin-poker", 2).mask(state, None)`` raised TypeError ("'NoneType'
    object is not iterable"), and ``event`` too; a string was read letter by letter.
    Each is a NotAnEventError saying what ``legal`` is, quoting what was given."""
    actions = catalogue(ORC, 3)
    state = ORC.start(["A", "B", "C"])
    words = (r"^legal is a sequence of Orc Poker's events \(a seat's legal ones: "
             rf"match\.legal\(seat\), legal_events\), not {legal!r}$")
    with pytest.raises(NotAnEventError, match=words):
        actions.mask(state, legal)
    with pytest.raises(NotAnEventError, match=words):
        actions.event(state, legal, 0)
