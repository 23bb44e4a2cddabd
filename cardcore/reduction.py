"""The one reduction of a log: events applied to a state one by one (replay, tests).

(The kernel's word for it is a reduction, and its function :func:`transitions`;
"fold" is a Goblin Poker action.)

A reduction keeps a private working state (:mod:`cardcore.working`) that
every event changes in place, and freezes it into a public state only when
one is asked for: :attr:`Reduction.state`. A caller that reads the state at a
few events (``validate``: at each ``check`` and the end) pays for those only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Generic

from cardcore.dispatch import refuse_foreign_state, step
from cardcore.effects import Effect
from cardcore.protocol import Check, Event, S, Transition
from cardcore.working import freeze, thaw

if TYPE_CHECKING:
    from cardcore.game import GameRules

__all__ = ["Reduction", "transitions"]


class Reduction(Generic[S]):
    """Events applied one by one to a state that only this object sees.

    ``apply(event)`` returns the event's effects or raises its
    :class:`~cardcore.errors.RuleViolation`; either way :attr:`state` is then
    the public state after every event applied so far (a refused event leaves
    it as it was). :attr:`state` is a frozen copy of the working state, made
    when asked and kept until the next event; the working state itself is
    handed out only by :meth:`lend`, to a caller that keeps nothing of it.

    >>> from cardcore.games.goblin import RULES, Deal
    >>> reduction = Reduction(RULES, RULES.start(["Aki", "Ben"]))
    >>> effects = reduction.apply(Deal())
    >>> str(effects[0])
    'Aki pays the ante of 1 (GP-1.1)'
    >>> reduction.state.ledger.pot
    2
    """

    __slots__ = ("_base", "_frozen", "_rules", "_since", "_working")

    def __init__(self, rules: GameRules[S], state: S) -> None:
        refuse_foreign_state(rules, state)
        self._rules = rules
        self._base: S = state
        """The last state frozen: where a refused event takes the reduction back to."""
        self._since: list[Event] = []
        """The events applied after ``_base``."""
        self._working: S = thaw(state)
        self._frozen: S | None = state

    def apply(self, event: Event) -> tuple[Effect, ...]:
        """Apply ``event``: its effects, or its RuleViolation (nothing applied)."""
        if type(event) is Check:  # a reading changes nothing (and is always allowed)
            return ()
        self._frozen = None
        try:
            self._working, effects = step(self._rules, self._working, event)
        except BaseException:  # a refusal (or a program's wrong value): as before it
            self._recover()
            raise
        self._since.append(event)
        return effects

    def _recover(self) -> None:
        """The working state as it was before a refused event: the refused event's
        rules may have changed it part way, so it is made again from the last
        frozen state and the events since (each applied once more, at a refusal
        only). That state is then frozen, so that a second refusal starts from
        it (a program that tries events until one is allowed pays the events
        since its last refusal, not the whole game, again)."""
        working = thaw(self._base)
        rules = self._rules
        for event in self._since:
            working, _ = step(rules, working, event)
        self._working = working
        self._frozen = None if self._since else self._base  # nothing since: that very state
        self.state  # noqa: B018 - frozen now: the base of the next refusal

    def lend(self) -> S:
        """The working state itself, not frozen: for a caller that only reads it,
        right now, and keeps nothing that reads it later (the game loop's step,
        :mod:`cardcore.play.loop`): the next event changes it. Writing to it
        (through its ``__dict__`` or its card account: setting an attribute is
        refused) changes this reduction's state. Anyone else reads :attr:`state`."""
        return self._working

    @property
    def state(self) -> S:
        """The public state after the events applied so far (frozen when asked)."""
        frozen = self._frozen
        if frozen is None:
            frozen = self._frozen = self._base = freeze(self._working)
            self._since.clear()
        return frozen


def transitions(rules: GameRules[S], state: S, events: Iterable[Event]
                ) -> Iterator[Transition[S]]:
    """The state after each event and the effects it caused, in order.

    A refused event raises its :class:`~cardcore.errors.RuleViolation`; the
    states already yielded stay valid (every state is immutable). Every state
    is frozen for its caller; a caller that needs fewer uses :class:`Reduction`.
    """
    reduction = Reduction(rules, state)
    apply = reduction.apply
    for event in events:
        effects = apply(event)
        yield reduction.state, effects
