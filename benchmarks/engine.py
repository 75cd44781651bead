"""The engine (interpreter/engine.py) compiled by Cython and the same source interpreted
(RULESPEC_PURE=1), in the same run.

Each game is loaded twice, once on each build of the engine. Two figures per game, each the
median of alternating rounds, in actions per second:

- api: the same seeded random games from a Python loop over the state API (legal_actions, a
  random choice, apply_action);
- playouts: whole random games in the engine (`game.playouts`).

The last column is the compiled build's speed over the interpreted one's.

Usage:

    python benchmarks/engine.py [--games 20] [--rounds 3] [--only oware,kalah]
"""
from __future__ import annotations

import argparse
import random
import time
from statistics import median
from typing import Any

import rulespec
from rulespec.interpreter import kernel

from same_run import build, engine_of

GAMES = ["oware", "kalah", "bao-la-kiswahili", "glass-bead-game", "sungka", "ayoayo"]
"""Sowing and feeding, a store and another turn, look-ahead with decisions, several kinds of
piece, the opening race, rounds."""
ENGINES = ("compiled", "interpreted")
FIGURES = ("api", "playouts")


def load(name: str, engine: str) -> Any:
    """The game on one build of the engine (checked: its states are that build's)."""
    with build(engine):
        game = rulespec.load(name)
        state = game.new_initial_state()
    if engine_of(state) != engine:
        raise SystemExit("the engine is not compiled here (no build of interpreter/engine.py)")
    return game


def api_games(game: Any, games: int) -> int:
    """Seeded random games through the state API; the actions played."""
    actions = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and actions < 200_000:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def rate(work: int, seconds: float) -> float:
    return work / seconds if seconds else float("inf")


def measure(game: Any, engine: str, games: int) -> tuple[float, float]:
    """(actions a second through the state API, actions a second in game.playouts)."""
    with build(engine):
        start = time.perf_counter()
        actions = api_games(game, games)
        api = rate(actions, time.perf_counter() - start)
        start = time.perf_counter()
        played = game.playouts(games, seed=0)["actions"]
        return api, rate(played, time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    module = kernel.engine_module().__name__
    print(f"engine: {module} ({'compiled' if module.endswith('._engine') else 'interpreted: not compiled'})")
    print(f"{'game':18} {'figure':8} " + " ".join(f"{e:>12}" for e in ENGINES) + "  comp/interp")
    for name in args.only.split(",") if args.only else GAMES:
        loaded = {engine: load(name, engine) for engine in ENGINES}
        rounds: dict[str, list[tuple[float, float]]] = {engine: [] for engine in ENGINES}
        for _ in range(args.rounds):
            for engine in ENGINES:  # alternating, so that a slow moment of the machine hits both
                games = args.games if engine == "compiled" else max(1, args.games // 5)
                rounds[engine].append(measure(loaded[engine], engine, games))
        for index, figure in enumerate(FIGURES):
            values = {engine: median(r[index] for r in rounds[engine]) for engine in ENGINES}
            ratio = values["compiled"] / values["interpreted"] if values["interpreted"] else float("inf")
            print(f"{name:18} {figure:8} " + " ".join(f"{values[e]:12,.0f}" for e in ENGINES) + f" {ratio:11.2f}x")


if __name__ == "__main__":
    main()
