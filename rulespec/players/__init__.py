"""Computer players: random, greedy, alpha-beta and MCTS, all generic (they know only the
state API and the spec's scoring). `make_player("mcts:2s")` builds one from a short spec:

- `random`, `greedy`
- `alphabeta:6` (depth 6, in decisions), `alphabeta:2s` (2 seconds a decision, iterative deepening)
- `mcts:200` (200 simulations a decision), `mcts:2s` (2 seconds a decision)

A player has a `name` and `choose(state) -> action` (one decision: a move, or a decision
asked inside one)."""
from __future__ import annotations

from typing import Any, Protocol

from .alphabeta import AlphaBetaPlayer
from .mcts import MCTSPlayer
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["Player", "make_player", "PlayerSpecError", "RandomPlayer", "GreedyPlayer", "AlphaBetaPlayer",
           "MCTSPlayer", "KINDS"]

KINDS = ("random", "greedy", "alphabeta", "mcts")


class Player(Protocol):
    name: str

    def choose(self, state: Any) -> int: ...


class PlayerSpecError(ValueError):
    """A player spec that names no player, e.g. 'mcst:2s'."""


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from a spec such as 'random', 'greedy', 'alphabeta:6', 'alphabeta:2s',
    'mcts:200' or 'mcts:2s'; `seed` fixes its random choices (tie-breaks, playouts)."""
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind in ("random", "greedy"):
        if arg:
            raise PlayerSpecError(f"player {spec!r}: {kind} takes no setting")
        return RandomPlayer(seed) if kind == "random" else GreedyPlayer(seed)
    if kind not in ("alphabeta", "mcts"):
        from rulespec.suggest import did_you_mean

        raise PlayerSpecError(f"unknown player {spec!r}{did_you_mean(kind, KINDS)}; "
                              f"choose from random, greedy, alphabeta:DEPTH, alphabeta:SECONDSs, "
                              f"mcts:SIMULATIONS, mcts:SECONDSs")
    number, seconds = None, None
    try:
        if arg.endswith("s"):
            seconds = float(arg[:-1])
        elif arg:
            number = int(arg)
    except ValueError:
        raise PlayerSpecError(f"player {spec!r}: expected a whole number or seconds such as 2s after ':'") from None
    if (number is not None and number < 1) or (seconds is not None and seconds <= 0):
        raise PlayerSpecError(f"player {spec!r}: the setting must be positive")
    if kind == "alphabeta":
        return AlphaBetaPlayer(depth=number, seconds=seconds, seed=seed)
    return MCTSPlayer(simulations=number, seconds=seconds, seed=seed)
