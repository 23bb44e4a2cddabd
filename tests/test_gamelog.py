"""The append-only GameLog."""

from __future__ import annotations

import contextlib
import copy
import pickle
import sys
import threading
from typing import Any

import pytest

from cardcore.cards import PairsCard
from cardcore.errors import RuleViolation
from cardcore.gamelog import GameLog
from cardcore.games.goblin import RULES, Deal, Fold, Pitch, Reveal
from cardcore.play import simulate
from cardcore.protocol import Check, Event
from cardcore.readings import CheckMismatch
from cardcore.reduction import transitions


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
    for wrong in (42, None):  # not a name, not rules: the same refusal, not an AttributeError
        with pytest.raises(UnknownGameError, match=f"no game is called {wrong}: the games"):
            GameLog(wrong, ["Aki", "Ben"])  # type: ignore[call-overload]


def test_a_log_takes_the_start_of_a_games_name_as_the_command_line_does() -> None:
    """``GameLog("goblin", ...)`` said "no game is called 'goblin'" where ``cardcore
    simulate goblin`` played it: the log is of Goblin Poker's rules, and its
    transcript names the game in full."""
    log = GameLog("goblin", ["Aki", "Ben"])
    assert log.rules is RULES and log.rules.name == "goblin-poker"


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


@pytest.mark.parametrize("players", [{"Aki", "Ben"}, (name for name in ["Aki", "Ben"])])
def test_a_log_of_players_that_are_no_sequence_is_refused(players: Any) -> None:
    """``GameLog("goblin-poker", {"Aki", "Ben"})`` seated the players in the order of
    Python's set, at random: the players of a log are a sequence in seat order."""
    from cardcore.errors import SetupError

    with pytest.raises(SetupError, match="the players are a sequence of names in seat order"):
        GameLog("goblin-poker", players)


def test_meta_refused_is_quoted_as_python_writes_it() -> None:
    """``GameLog(..., meta=True)`` was refused "not true", JSON's word for the
    program's True: a value a program gave is quoted as Python writes it."""
    from cardcore.errors import CardcoreError

    with pytest.raises(CardcoreError, match=r"meta is a free-form object .*, not True$"):
        GameLog("goblin-poker", ["Aki", "Ben"], meta=True)  # type: ignore[arg-type]


@pytest.mark.parametrize("meta", ["x", 5, ["a"]])
def test_meta_that_is_no_mapping_is_a_cardcore_error_in_words(meta: object) -> None:
    """GameLog(meta="x"): a CardcoreError saying what meta is, not dict()'s own error."""
    from cardcore.errors import CardcoreError

    with pytest.raises(CardcoreError, match="meta is a free-form object"):
        GameLog("goblin-poker", ["Aki", "Ben"], meta=meta)  # type: ignore[arg-type]


def test_a_false_check_is_refused_as_validate_refuses_it() -> None:
    """A check whose figures the rules do not derive raises CheckMismatch, names
    every wrong value, and is not appended; a true one is kept."""
    log = GameLog(RULES, ["Aki", "Ben"])
    log.append(Deal())
    with pytest.raises(CheckMismatch) as caught:  # 100 chips less an ante of 1 each (GP-1.1)
        log.append(Check(pot=3, chips={"Aki": 98, "Ben": 99}))
    assert [d.path for d in caught.value.disagreements] == [("chips", "Aki"), ("pot",)]
    assert str(caught.value) == ("the check disagrees with the rules at chips/Aki: Aki has 99 "
                                 "chips by the rules; the record says 98; and 1 more value")
    assert len(log) == 1
    log.append(Check(pot=2, chips={"Aki": 99, "Ben": 99}))
    assert len(log) == 2


def test_a_check_naming_a_stranger_is_refused() -> None:
    """A name that is no player of the game cannot be read against the rules."""
    log = GameLog(RULES, ["Aki", "Ben"])
    with pytest.raises(CheckMismatch, match="'Zed' is not a player of this game"):
        log.append(Check(chips={"Zed": 100}))


def _full_log() -> GameLog[Any]:
    log: GameLog[Any] = GameLog(RULES, ["Aki", "Ben", "Chie"], {"games": 2},
                                meta={"table": ["one"]})
    for event in simulate(RULES, ["Aki", "Ben", "Chie"], {"games": 2}, 3):
        log.append(event)
    return log


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_log_survives_pickle_and_deepcopy(how: str) -> None:
    """The copy has the same rules, table, history and effects, and appends on
    its own (the original is not changed by it)."""
    log = _full_log()
    again = pickle.loads(pickle.dumps(log)) if how == "pickle" else copy.deepcopy(log)
    assert again.rules is log.rules
    assert (again.players, again.options, again.meta) == (log.players, log.options, log.meta)
    assert (again.events, again.states, again.effects) == (log.events, log.states, log.effects)
    size = len(log)
    again.append(Check(chips=dict(again.outcome.chips or {})))
    assert len(again) == size + 1 and len(log) == size


def test_a_shallow_copy_appends_on_its_own() -> None:
    """``copy.copy(log).append(...)`` once appended to the original too."""
    log = GameLog(RULES, ["Aki", "Ben"])
    copied = copy.copy(log)
    copied.append(Deal())
    assert len(copied) == 1 and len(log) == 0


def _racer(log: GameLog[Any], events: list[Event]) -> None:
    """Append the event the log is at, again and again (bounded: a broken log
    refuses everything); another thread may have appended it first."""
    for _ in range(4 * len(events)):
        at = len(log)
        if at >= len(events):
            return
        with contextlib.suppress(RuleViolation):
            log.append(events[at])


def test_appends_from_several_threads_keep_a_log_that_replays() -> None:
    """Threads racing to append a session's next event (each reads how long the
    log is and appends that event; the losers are refused) leave a log whose
    replay gives its states: without the lock two threads judged the same event
    against the same state and both kept it (the issue: 43 of 300 logs broken)."""
    players = ["Aki", "Ben", "Chie"]
    events = list(simulate(RULES, players, {"games": 2}, 5))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so that races happen
    try:
        for _ in range(20):
            log: GameLog[Any] = GameLog(RULES, players, {"games": 2})

            threads = [threading.Thread(target=_racer, args=(log, events)) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert len(log) > 0  # a racer that read a stale length may append an
            # earlier event the rules allow again: the history differs, but is sound
            replayed = [state for state, _ in transitions(RULES, log.states[0], log.events)]
            assert replayed == list(log.states[1:])
            assert len(log.states) == len(log.events) + 1 == len(log.effects) + 1
    finally:
        sys.setswitchinterval(interval)


def test_states_read_part_way_are_the_folds_states() -> None:
    """A log freezes a state only when one is read: states read now and then
    while appending (some kept, some folded again later) are, at the end, every
    state of the fold, and the last one is the one ``state`` gave."""
    players = ["Aki", "Ben", "Chie"]
    events = list(simulate(RULES, players, {"games": 2}, 7))
    log: GameLog[Any] = GameLog(RULES, players, {"games": 2})
    read = {}
    for index, event in enumerate(events, 1):
        log.append(event)
        if index % 7 == 0:
            read[index] = log.state
        if index == len(events) // 2:
            assert len(log.states) == index + 1  # every state so far, once in the middle
    expected = [log.states[0], *(state for state, _ in transitions(RULES, log.states[0],
                                                                      events))]
    assert list(log.states) == expected
    assert all(log.states[index] is state for index, state in read.items())
    assert log.state is log.states[-1]


def test_a_refusal_leaves_the_log_as_it_was_however_many_events_came_before() -> None:
    """An event refused after many unread appends (the log then rebuilds its
    working state from the start) and another right after it leave the log's
    state and its later appends as a fold of the events kept."""
    players = ["Aki", "Ben", "Chie"]
    events = list(simulate(RULES, players, {"games": 2}, 8))
    log: GameLog[Any] = GameLog(RULES, players, {"games": 2})
    half = len(events) // 2
    for event in events[:half]:
        log.append(event)
    for _ in range(2):
        with pytest.raises(RuleViolation):
            log.append(Deal())  # no deal is due in the middle of a game
    for event in events[half:]:
        log.append(event)
    final = list(transitions(RULES, log.states[0], events))[-1][0]
    assert log.state == final and log.events == tuple(events)


@pytest.mark.parametrize("name, value", [
    ("rules", "auction"), ("players", ("Zed",)), ("options", None), ("ages", {"Aki": 9}),
    ("meta", {"table": 2}), ("events", ()), ("states", ()), ("effects", ())])
def test_a_log_is_never_rebound(name: str, value: Any) -> None:
    """A log's rules, players, options, ages, meta and history are read-only (an
    AttributeError); the log goes on as the game it is. ``log.rules =
    auction.RULES`` used to be taken, and the log then failed deep in Auction's
    rules."""
    from cardcore.games.auction import RULES as AUCTION

    log = GameLog(RULES, ["Aki", "Ben"], ages={"Aki": 7}, meta={"table": 1})
    log.append(Deal())
    with pytest.raises(AttributeError):
        setattr(log, name, AUCTION if value == "auction" else value)
    assert (log.rules, log.players, log.ages, log.meta) == (
        RULES, ("Aki", "Ben"), {"Aki": 7}, {"table": 1})
    assert log.options == RULES.setup(["Aki", "Ben"]).options and len(log.states) == 2
    assert log.expected.text == "every player reveals the first card of their stack"


def test_the_lent_working_state_refuses_a_write() -> None:
    """Setting an attribute of what ``lend`` gives (the log's own working state) is
    an AttributeError: it used to change the log's state and outcome."""
    log = GameLog("saint-poker", ["Aki", "Ben"])
    for event in simulate("saint-poker", ["Aki", "Ben"], None, 1):
        log.append(event)
        if len(log) == 3:
            break
    scores = log.state.scores
    with pytest.raises(AttributeError, match="may only be read"):
        log.lend().scores = (50, 0)  # type: ignore[misc]
    assert log.lend().scores == log.state.scores == scores
    assert dict(log.outcome.scores or {}) == dict(zip(log.players, scores, strict=True))
