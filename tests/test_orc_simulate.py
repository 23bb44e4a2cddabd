"""Random legal Orc Poker games: legality, conservation, replay equality, round trip,
and hidden cards that change nothing derived."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import attrs
from hypothesis import given
from hypothesis import strategies as st
from invariants import assert_hiding_changes_nothing, assert_replays_identically, assert_round_trips

from cardcore.cards import PairsCard
from cardcore.games.orc import RULES, Deal, OrcOptions, Phase, Pitch, Reveal
from cardcore.games.orc.simulate import Shuffle, _next_event, simulate
from cardcore.protocol import Event, Ruling
from cardcore.replay.runner import replay_transcript
from cardcore.replay.transcript import Transcript


def _twins(count: int) -> Shuffle:
    """A rigged shuffle: hands dealt round-robin from a nearly sorted deck, so that hands
    look alike and tie-breaks run long (short stocks, stacks, OP-2.5)."""

    def shuffle(deck: list[PairsCard], rng: random.Random) -> None:
        noise = rng.choice([0.0, 0.5, 1.5, 3.0])
        deck.sort(key=lambda card: -card + rng.random() * noise)
        hands = [deck[seat:6 * count:count] for seat in range(count)]
        rest = deck[6 * count:]
        rng.shuffle(rest)
        deck[:] = [card for held in hands for card in held] + rest

    return shuffle


Case = tuple[int, int, OrcOptions, bool]

games = st.tuples(
    st.integers(3, 8),
    st.integers(0, 2**32),
    st.builds(
        OrcOptions,
        preset=st.sampled_from(["standard", "long"]),
        starting_chips=st.none() | st.integers(1, 40),
        rounds=st.none() | st.integers(1, 10),
        rising_ante=st.booleans(),
    ),
    st.booleans(),
)


def simulated(case: Case) -> Transcript:
    count, seed, options, rigged = case
    players = tuple(f"P{n}" for n in range(count))
    shuffle = _twins(count) if rigged else None
    events = tuple(simulate(players, options, random.Random(seed), shuffle=shuffle))
    return Transcript(game="orc-poker", players=players, options=options, events=events)


@given(games)
def test_simulated_games_are_legal_and_complete(case: Case) -> None:
    """The simulator writes only what the rules allow, up to the end of the game."""
    transcript = simulated(case)
    report = replay_transcript(transcript)
    assert report.problems == ()
    assert report.complete


@given(games)
def test_chips_are_conserved_at_every_step(case: Case) -> None:
    """Players' chips plus the pot equal the starting total after every event; what was
    forgiven is what was owed beyond what was paid; nobody goes below 0."""
    transcript = simulated(case)
    state = RULES.start(transcript.players, transcript.options)
    total = len(transcript.players) * transcript.options.chips
    forgiven = 0
    for event in transcript.events:
        state, effects = RULES.apply(state, event)
        assert sum(state.ledger.chips) + state.ledger.pot == total
        assert min(state.ledger.chips) >= 0
        forgiven += sum(t.forgiven for e in effects for t in e.transfers)
        assert state.ledger.forgiven == forgiven


@given(games)
def test_every_payment_cites_its_rule(case: Case) -> None:
    """Antes OP-1.1, busts OP-3.3, give-ups OP-3.4, the last player OP-3.5, splits OP-4.1."""
    transcript = simulated(case)
    state = RULES.start(transcript.players, transcript.options)
    for event in transcript.events:
        state, effects = RULES.apply(state, event)
        for effect in effects:
            for transfer in effect.transfers:
                assert transfer.rule == effect.rule
                assert transfer.rule in {"OP-1.1", "OP-3.3", "OP-3.4", "OP-3.5", "OP-4.1"}


@given(games)
def test_replaying_the_log_gives_the_same_state(case: Case) -> None:
    """Determinism: folding the same events twice gives equal states and effects."""
    assert_replays_identically(simulated(case))


@given(games)
def test_a_transcript_survives_dump_and_load(case: Case) -> None:
    """load(dump(t)) == t, through real JSON text."""
    assert_round_trips(simulated(case))


def _hide(event: Event, who: Callable[[str], bool], order: bool) -> Event:
    """``event`` with the cards the rules keep hidden as '?' for the players ``who`` picks
    (their hands, tie-break draws and pitched cards) and, if ``order``, the action deck."""
    if isinstance(event, Deal) and event.hands is not None:
        hands = {name: (tuple(None for _ in held) if who(name) else held)
                 for name, held in event.hands.items()}
        return attrs.evolve(event, hands=hands)
    if isinstance(event, Reveal) and event.draws is not None:
        draws = {name: (None if who(name) else card) for name, card in event.draws.items()}
        return attrs.evolve(event, draws=draws)
    if isinstance(event, Pitch):
        pitched = {name: (None if who(name) else card)
                   for name, card in (event.cards or {}).items()}
        deck = event.order
        if order and deck is not None:
            deck = tuple(None for _ in deck)
        return attrs.evolve(event, cards=pitched, order=deck)
    return event


@given(games)
def test_hiding_every_secret_card_changes_nothing_derived(case: Case) -> None:
    """Hands, tie-break draws, pitched cards and the action deck order as '?' give the same
    outcome and the same effects (TRANSCRIPT.md, "Cards")."""
    assert_hiding_changes_nothing(simulated(case), lambda e: _hide(e, lambda _: True, True))


@given(games, st.data())
def test_hiding_some_players_cards_changes_nothing_derived(case: Case, data: st.DataObject
                                                           ) -> None:
    """A record that knows only some players' cards (and maybe not the order) derives the
    same as the full one: what one player saw is a consistent partial record."""
    full = simulated(case)
    secret = data.draw(st.sets(st.sampled_from(full.players)), label="hidden players")
    order = data.draw(st.booleans(), label="order hidden")
    assert_hiding_changes_nothing(full, lambda e: _hide(e, secret.__contains__, order))


def test_the_simulator_is_deterministic() -> None:
    """Same seed, same events; different seeds, different games."""
    players = ("A", "B", "C", "D")
    first = list(RULES.simulate(players, None, random.Random(7)))
    assert first == list(RULES.simulate(players, None, random.Random(7)))
    assert first != list(RULES.simulate(players, None, random.Random(8)))


def test_the_simulator_explores_the_rare_rules() -> None:
    """Rigged games reach tie-breaks, stacked cards, a stock running dry, the
    farthest-clockwise rule, bankruptcies, splits and a player at exactly 0."""
    wanted = ("tiebreak", "stacked", "short stock", "farthest", "bankrupt", "split", "bust",
              "give_up", "win", "zero")
    seen: Counter[str] = Counter()
    for seed in range(200):
        count = (8, 3, 5, 8)[seed % 4]
        players = tuple(f"P{n}" for n in range(count))
        options = OrcOptions(starting_chips=(None, 8)[seed % 2])
        state = RULES.start(players, options)
        for event in simulate(players, options, random.Random(seed), shuffle=_twins(count)):
            state, effects = RULES.apply(state, event)
            for effect in effects:
                seen[effect.kind] += 1
                seen["stacked"] += effect.kind == "tiebreak" and "(" in effect.text
                seen["short stock"] += effect.kind == "draws" and "runs out" in effect.text
                seen["farthest"] += "farthest" in effect.text
            seen["zero"] += state.phase is Phase.DEAL and 0 in state.ledger.chips
        if all(seen[kind] for kind in wanted):
            break
    assert [kind for kind in wanted if not seen[kind]] == []


def test_the_simulator_may_record_a_moot_table_choice() -> None:
    """OP-2.5: where the start player was a (moot) table choice, the simulator sometimes
    writes a ruling naming an admissible player, and it is accepted."""
    players = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana")
    others = dict.fromkeys(players[2:], 10)
    events: list[Event] = [Deal(), Reveal(cards={"Aki": 2, "Ben": 2, **others})]
    for card in range(3, 11):
        events.append(Reveal(cards={"Aki": card, "Ben": card},
                             draws={"Aki": None} if card == 6 else None))
    state = RULES.start(players, None)
    for event in events:
        state, _ = RULES.apply(state, event)
    assert state.moot_choice == (0, 1)
    written = [_next_event(state, [], random.Random(seed), lambda deck, r: None)[0]
               for seed in range(20)]
    rulings = [e for e in written if isinstance(e, Ruling)]
    assert rulings and {e.player for e in rulings} <= {"Aki", "Ben"}
    assert any(isinstance(e, Deal) for e in written)
    RULES.apply(state, rulings[0])


def test_a_long_game_with_eight_players_validates_quickly() -> None:
    """A long game of 8 players with many chips replays with no problem."""
    players = tuple(f"P{n}" for n in range(8))
    options = OrcOptions(preset="long", starting_chips=1_000)
    transcript = Transcript(game="orc-poker", players=players, options=options,
                            events=tuple(simulate(players, options, random.Random(1))))
    report = replay_transcript(transcript)
    assert report.problems == () and report.complete
    assert report.outcome is not None and report.outcome.chips is not None
    assert sum(report.outcome.chips.values()) + (report.outcome.pot or 0) == 8_000
