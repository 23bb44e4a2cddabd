"""Each game's play part (:class:`~cardcore.play.seam.GamePlay`), one module per
game: whose step it is, a seat's legal events and the dealer's chance events.

They live in the play layer, not in the games' packages, because a game stands
below the play layer and may not import it. No game's play module imports
another's (an import contract); :mod:`cardcore.play.registry` names them all.
"""
