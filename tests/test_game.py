"""GameRules: a game declared in one place, its parts named, its handlers keyed by
event class; what cannot be wired is refused when the game is built."""

from __future__ import annotations

import copy
import functools
import importlib.util
import inspect
import pickle
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from cardcore.errors import CardcoreError, GameDefinitionError, NotAStateError
from cardcore.game import GameRules
from cardcore.games import auction, goblin
from cardcore.games.goblin.events import Deal, Fold, Pitch
from cardcore.play import simulate
from cardcore.protocol import Check, Event, Handler, Ruling
from cardcore.registry import GAMES
from cardcore.working import thaw

RULES = goblin.RULES


def _built(**changes: Any) -> GameRules[Any]:
    return attrs.evolve(RULES, **changes)


def test_a_game_s_events_are_its_handlers_keys_in_order() -> None:
    """event_classes are the declared classes; event_types adds everyone's check and ruling."""
    assert RULES.event_classes == tuple(RULES.handlers)
    assert list(RULES.event_types) == [*(cls.TYPE for cls in RULES.event_classes),
                                       "check", "ruling"]


def test_a_handler_keyed_by_something_not_an_event_class_is_refused() -> None:
    """A kind's name, or a class that is not an Event, is no key: the game is not built."""
    with pytest.raises(GameDefinitionError, match="keyed by an event class, not 'fold'"):
        _built(handlers={**RULES.handlers, "fold": RULES.handlers[Fold]})
    with pytest.raises(GameDefinitionError, match="keyed by an event class"):
        _built(handlers={**RULES.handlers, int: RULES.handlers[Fold]})


@pytest.mark.parametrize("everyones", [Check, Ruling])
def test_a_handler_for_everyone_s_events_is_refused(everyones: type[Event]) -> None:
    """check and ruling are the kernel's: a game cannot take them over."""
    with pytest.raises(GameDefinitionError, match="every game's event"):
        _built(handlers={**RULES.handlers, everyones: RULES.handlers[Fold]})


def test_two_classes_of_one_kind_are_refused() -> None:
    """A duplicated kind would leave one of the two unreachable from a transcript."""
    @attrs.frozen(kw_only=True)
    class OtherFold(Event):
        TYPE: ClassVar[str] = "fold"

    with pytest.raises(GameDefinitionError, match="both 'fold' events"):
        _built(handlers={**RULES.handlers, OtherFold: RULES.handlers[Fold]})


def test_a_class_without_a_type_is_refused() -> None:
    """An event class that never says its transcript name cannot be handled."""
    @attrs.frozen(kw_only=True)
    class Nameless(Event):
        pass

    with pytest.raises(GameDefinitionError, match="Nameless has no TYPE"):
        _built(handlers={**RULES.handlers, Nameless: RULES.handlers[Fold]})


def test_a_handler_that_is_not_one_is_refused() -> None:
    """A bare function where a Handler belongs, or a cards stage that cannot be called."""
    with pytest.raises(GameDefinitionError, match="the handler of Fold is Handler"):
        _built(handlers={**RULES.handlers, Fold: goblin.rules.fold})
    with pytest.raises(GameDefinitionError, match="the handler of Pitch is Handler"):
        _built(handlers={**RULES.handlers, Pitch: Handler(goblin.rules.pitch, "pitch_cards")})


def test_no_handlers_at_all_are_refused() -> None:
    """A game with no events of its own is not a game."""
    with pytest.raises(GameDefinitionError, match="a mapping of its event classes"):
        _built(handlers={})


def test_a_verb_for_an_event_the_game_lacks_is_refused() -> None:
    """An orphaned verb (its event not among the handlers) is refused, not ignored."""
    with pytest.raises(GameDefinitionError, match=r"verb for .*BidEvent.*not one of its events"):
        _built(verbs={**RULES.verbs, auction.BidEvent: "bid"})


def test_a_player_range_that_is_none_is_refused() -> None:
    """min_players above max_players is refused when the game is built."""
    with pytest.raises(GameDefinitionError, match="not a range of players"):
        _built(min_players=5, max_players=3)


def test_a_definition_error_is_a_cardcore_error() -> None:
    """One base for every error cardcore raises."""
    assert issubclass(GameDefinitionError, CardcoreError)


def test_the_verbs_reach_the_messages_by_kind() -> None:
    """Verbs are keyed by class and found for an event of that class."""
    assert RULES.doing(Deal()) == "be dealt cards"
    assert RULES.doing(Pitch(player="Aki")) == "pitch"


def test_a_misspelled_part_fails_where_it_is_written() -> None:
    """The issue's case: Auction's flip_cards named flip_card. Wired by name, it
    silently turned card accounting off for flips; declared, the package does not
    import, and the error names the misspelling."""
    path = Path(inspect.getfile(auction))
    source = path.read_text(encoding="utf-8")
    assert "rules.flip_cards" in source
    spec = importlib.util.spec_from_loader("misspelled_auction", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    with pytest.raises(AttributeError, match="flip_card"):
        exec(compile(source.replace("rules.flip_cards", "rules.flip_card"), str(path), "exec"),
             module.__dict__)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_stage_a_game_writes_is_wired(name: str) -> None:
    """No orphaned part: every ``<kind>_cards`` function in a game's modules is the
    cards stage of that kind's handler, and every handler's play is a function of
    the game's own package (nothing left over from a rename)."""
    rules = GAMES[name]
    package = rules.begin.__module__.rpartition(".")[0]
    by_kind = {cls.TYPE: handler for cls, handler in rules.handlers.items()}
    for module in {inspect.getmodule(f) for h in rules.handlers.values()
                   for f in (h.play, h.cards) if f is not None}:
        assert module is not None and module.__name__.startswith(package + ".")
        for function_name, function in vars(module).items():
            kind = function_name.removesuffix("_cards")
            if (function_name.endswith("_cards") and inspect.isfunction(function)
                    and function.__module__ == module.__name__ and kind in by_kind):
                assert by_kind[kind].cards is function, f"{module.__name__}.{function_name}"


@pytest.mark.parametrize("name", list(GAMES))
def test_a_games_rules_pickle_and_copy_as_themselves(name: str) -> None:
    """RULES (functions, a simulator, handlers) once could not be pickled or
    deep-copied; a registered game now comes back as the registry's own rules."""
    rules = GAMES[name]
    assert pickle.loads(pickle.dumps(rules)) is rules
    assert copy.deepcopy(rules) is rules and copy.copy(rules) == rules


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_knows_the_class_of_its_states(name: str) -> None:
    """``state_type`` is read from ``begin``'s annotation; it must be the class
    ``start`` makes, or the kernel could not refuse another game's state."""
    rules = GAMES[name]
    players = [f"P{seat}" for seat in range(rules.min_players)]
    assert rules.state_type is type(rules.start(players))


def test_the_class_of_the_states_is_read_through_a_decorator_and_may_be_unknown() -> None:
    """A ``begin`` wrapped by a decorator of another module still names its class
    (read in the module of its own code, where ``GoblinState`` is a name); one
    whose return annotation names no class leaves ``state_type`` None, and its
    states are then not told apart by class."""
    @functools.wraps(RULES.begin)
    def logged(setup: Any) -> Any:
        return RULES.begin(setup)

    assert _built(begin=logged).state_type is type(RULES.start(["Aki", "Ben"]))

    def unnamed(setup: Any) -> Nowhere:  # noqa: F821 - a name its module lacks
        return RULES.begin(setup)

    rules = _built(begin=unnamed)
    assert rules.state_type is None
    assert rules.start(["Aki", "Ben"]).players == ("Aki", "Ben")


@pytest.mark.parametrize("name", list(GAMES))
def test_states_and_events_survive_pickle_and_deepcopy(name: str) -> None:
    """Every state and event of a simulated session comes back equal (a state
    held a mappingproxy, which neither pickle nor deepcopy takes), and the game
    goes on from a copied state as from the original."""
    rules = GAMES[name]
    players = [f"P{seat}" for seat in range(rules.min_players)]
    state = rules.start(players)
    states, events = [state], []
    for event in simulate(rules, players, None, 1):
        state, _ = rules.apply(state, event)
        states.append(state)
        events.append(event)
    for values in (states, events):
        assert pickle.loads(pickle.dumps(values)) == values
        assert copy.deepcopy(values) == values
    middle = len(events) // 2
    for again in (pickle.loads(pickle.dumps(states[middle])), copy.deepcopy(states[middle])):
        assert rules.apply(again, events[middle])[0] == states[middle + 1]


@pytest.mark.parametrize("read", ["expected", "describe", "position"])
def test_the_rules_words_refuse_a_state_of_another_game(read: str) -> None:
    """Goblin Poker's ``expected`` on an Auction state raised AttributeError from
    inside the game; the rules' words refuse a state of another game (its working
    twin too, or something else) as ``apply`` does. The working twin of the
    game's own state is read as the state is: the dispatch's messages read it."""
    words = getattr(RULES, read)
    auction_state = auction.RULES.start(["Aki", "Ben"])
    with pytest.raises(NotAStateError) as applied:
        RULES.apply(auction_state, Deal())
    for foreign in (auction_state, thaw(auction_state), None):
        with pytest.raises(NotAStateError, match="Goblin Poker's rules apply to its own "
                                                 r"states \(GoblinState\)") as refused:
            words(foreign)
        if foreign is auction_state:
            assert str(refused.value) == str(applied.value)
    own = RULES.start(["Aki", "Ben"])
    assert words(thaw(own)) == words(own)
