"""Computer players: random, greedy, alpha-beta and MCTS, all generic (they know only the
state API and the spec's scoring). `make_player("mcts:2s")` builds one from a short spec:

- `easy`, `medium`, `hard`: named strengths (rulespec.players.levels)
- `random`, `greedy`
- `alphabeta:6` (depth 6, in decisions), `alphabeta:2s` (2 seconds a decision, iterative deepening)
- `mcts:200` (200 simulations a decision), `mcts:2s` (2 seconds a decision)

A player has a `name` and `choose(state) -> action` (one decision: a move, or a decision
asked inside one)."""
from __future__ import annotations

import math
from typing import Any, Protocol

from .alphabeta import AlphaBetaPlayer
from .levels import LEVELS, level_spec
from .mcts import MCTSPlayer
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["Player", "make_player", "PlayerSpecError", "RandomPlayer", "GreedyPlayer", "AlphaBetaPlayer",
           "MCTSPlayer", "KINDS", "LEVELS", "describe_player", "race_start", "play_decision", "SIMULTANEOUS"]

SIMULTANEOUS = -2
"""current_player() where both players choose at once (a spec's opening race)."""

KINDS = ("random", "greedy", "alphabeta", "mcts")


class Player(Protocol):
    name: str

    def choose(self, state: Any) -> int: ...


class PlayerSpecError(ValueError):
    """A player spec that names no player, e.g. 'mcst:2s'."""


MAX_DEPTH = 30
"""The deepest fixed search `alphabeta:N` accepts (each ply multiplies the work)."""
MAX_SECONDS = 600.0
"""The longest time a decision may take (`alphabeta:Ns`, `mcts:Ns`): ten minutes."""
MAX_SIMULATIONS = 10_000_000
"""The most simulations `mcts:N` accepts (about an hour a decision on a small board)."""


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from a level (easy, medium, hard: rulespec.players.levels) or a spec such as
    'random', 'greedy', 'alphabeta:6', 'alphabeta:2s', 'mcts:200' or 'mcts:2s'; `seed` fixes
    its random choices (tie-breaks, playouts)."""
    level = level_spec(spec)
    if level is not None:
        player = make_player(level, seed)
        player.name = spec.strip().lower()
        return player
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind in ("random", "greedy"):
        if arg:
            raise PlayerSpecError(f"player {spec!r}: {kind} takes no setting")
        return RandomPlayer(seed) if kind == "random" else GreedyPlayer(seed)
    if kind not in ("alphabeta", "mcts"):
        from rulespec.suggest import did_you_mean

        raise PlayerSpecError(f"unknown player {spec!r}{did_you_mean(kind, KINDS + tuple(LEVELS))}; "
                              f"choose from {', '.join(LEVELS)}, random, greedy, alphabeta:DEPTH, "
                              f"alphabeta:SECONDSs, mcts:SIMULATIONS, mcts:SECONDSs")
    number, seconds = _setting(spec, kind, arg)
    if kind == "alphabeta":
        return AlphaBetaPlayer(depth=number, seconds=seconds, seed=seed)
    return MCTSPlayer(simulations=number, seconds=seconds, seed=seed)


def _setting(spec: str, kind: str, arg: str) -> tuple[int | None, float | None]:
    """(number, seconds) from the text after ':', within the stated caps."""
    number, seconds = None, None
    try:
        if arg.endswith("s"):
            seconds = float(arg[:-1])
        elif arg:
            number = int(arg)
    except ValueError:
        raise PlayerSpecError(f"player {spec!r}: expected a whole number or seconds such as 2s after ':'") from None
    if seconds is not None and not math.isfinite(seconds):
        raise PlayerSpecError(f"player {spec!r}: the seconds must be a finite number")
    if (number is not None and number < 1) or (seconds is not None and seconds <= 0):
        raise PlayerSpecError(f"player {spec!r}: the setting must be positive")
    if seconds is not None and seconds > MAX_SECONDS:
        raise PlayerSpecError(f"player {spec!r}: at most {MAX_SECONDS:g} seconds a decision")
    cap = MAX_DEPTH if kind == "alphabeta" else MAX_SIMULATIONS
    if number is not None and number > cap:
        unit = "plies deep" if kind == "alphabeta" else "simulations a decision"
        raise PlayerSpecError(f"player {spec!r}: at most {cap:,} {unit}")
    return number, seconds


def describe_player(spec: str) -> str:
    """A player spec in words, for reports: 'mcts:0.1s' -> 'Monte Carlo tree search, 0.1 s a decision'."""
    level = level_spec(spec)
    if level is not None:
        return f"{spec.strip().lower()}: {describe_player(level)}"
    kind, _, arg = spec.strip().lower().partition(":")
    fixed = {"random": "uniformly random decisions", "greedy": "the best score margin one move ahead"}
    if kind in fixed:
        return fixed[kind]
    search = "alpha-beta search" if kind == "alphabeta" else "Monte Carlo tree search"
    if arg.endswith("s"):
        return f"{search}, {arg[:-1]} s a decision"
    unit = "decisions deep" if kind == "alphabeta" else "simulations a decision"
    return f"{search}, {arg or ('4' if kind == 'alphabeta' else '200')} {unit}"


def race_start(player: Any, state: Any, seat: int) -> int:
    """`seat`'s own start at a simultaneous node (both players choose at once, unseen: the
    opening race). A random player picks at random; the others the start with the best mean
    score margin for `seat` once both starts are played, over the opponent's possible starts
    (the race is not searched deeper: a documented simplification)."""
    own, theirs = state.legal_actions(seat), state.legal_actions(1 - seat)
    if isinstance(player, RandomPlayer):
        return player.rng.choice(own)
    best, best_value = own[0], float("-inf")
    for a in own:
        total = 0
        for b in theirs:
            after = state.clone()
            after.apply_actions([a, b] if seat == 0 else [b, a])
            total += after.margin(seat)
        if total > best_value:
            best, best_value = a, total
    return best


def play_decision(players: list[Any], state: Any) -> None:
    """Apply the next decision: the player to move's, or at a simultaneous node each seat's
    own start (players[0] for South, players[1] for North)."""
    if state.current_player() == SIMULTANEOUS:
        state.apply_actions([race_start(players[p], state, p) for p in (0, 1)])
    else:
        state.apply_action(players[state.current_player()].choose(state))
