"""Playing the games from a program: what a seat may do now, chance, what a seat
may see, policies and a game loop.

* :func:`legal_events` and :func:`whose`: the concrete events a seat may take
  now, and whether the next step is a player's or chance's;
* :class:`Dealer`: the seeded dealer holding the true deck, which writes the
  chance events (deals, flips, stacks from the stock, ``from_stock``, rivers);
* :class:`View`: the game as one seat may know it, with a deterministic
  information-state string;
* :class:`Catalogue`: a stable numbering of a game's actions, with a mask;
* :data:`Policy`, :class:`RandomPolicy` and :func:`play`: a whole game with
  one policy per seat, returned as a :class:`~cardcore.gamelog.GameLog`;
  :class:`Match` steps through one game for programs that drive it themselves;
* :func:`simulate`: the events of a game played by random players (what
  ``RULES.simulate`` was before the rules stood below the play layer).

>>> from cardcore.play import play, RandomPolicy
>>> log = play("goblin-poker", [RandomPolicy(1), RandomPolicy(2)], seed=7)
>>> log.outcome.complete
True
"""

from __future__ import annotations

from cardcore.play.catalogue import Catalogue, catalogue
from cardcore.play.dealer import Dealer
from cardcore.play.match import Match, play
from cardcore.play.policies import PASS, Pass, Policy, RandomPolicy
from cardcore.play.registry import game_play, legal_events, whose
from cardcore.play.seam import GamePlay
from cardcore.play.simulation import simulate
from cardcore.play.steps import Whose
from cardcore.play.views import View

__all__ = [
    "PASS",
    "Catalogue",
    "Dealer",
    "GamePlay",
    "Match",
    "Pass",
    "Policy",
    "RandomPolicy",
    "View",
    "Whose",
    "catalogue",
    "game_play",
    "legal_events",
    "play",
    "simulate",
    "whose",
]
