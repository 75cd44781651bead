"""The typed engine (interpreter/engine.py) against the C move kernel, in the same run.

Each game is loaded twice with the kernel playing every stage (the plain ones too) and whole
games left to the Python State: once on `_kernel.c`, once on the typed engine (compiled, and
interpreted for information). Two figures per game, each the median of alternating rounds:

- games: the same seeded random games through the State (legal_actions + apply_action), in
  actions per second;
- legal: the kernel alone, `legal()` on every position of those games (the look-ahead that
  decides which starts are legal), in calls per second.

Usage:

    python benchmarks/engine.py [--games 20] [--rounds 3] [--only oware,kalah] [--no-interpreted]
"""
from __future__ import annotations

import argparse
import os
import random
import time
from statistics import median
from typing import Any

import rulespec
from rulespec.interpreter import kernel

GAMES = ["oware", "kalah", "bao-la-kiswahili", "glass-bead-game", "sungka", "ayoayo"]
"""Sowing and feeding, a store and another turn, look-ahead with decisions, several kinds of
piece, the opening race, rounds."""
ENGINES = {"c": {}, "typed": {"RULESPEC_ENGINE": "typed"},
           "interpreted": {"RULESPEC_ENGINE": "typed", "RULESPEC_PURE": "1"}}


def load(name: str, engine: str) -> Any:
    """The game with every stage on the engine's kernel and no native runner."""
    saved = {key: os.environ.pop(key, None) for key in ("RULESPEC_ENGINE", "RULESPEC_PURE")}
    os.environ.update(ENGINES[engine])
    try:
        game = rulespec.load(name)
        if engine == "c":
            names = list(dict.fromkeys(k.name for rs in game.rulesets for k in rs.kinds))
            for rs in game.rulesets:
                rs.kernel = kernel.build(game, rs, names, force=True)
            game._native, game.native_refusal = None, "the benchmark plays through the State"
    finally:
        for key in ENGINES[engine]:
            os.environ.pop(key, None)
        os.environ.update({key: value for key, value in saved.items() if value is not None})
    missing = [rs.kernel_refusal for rs in game.rulesets if rs.kernel is None]
    if missing:
        raise SystemExit(f"{name}: the {engine} kernel does not play every stage ({missing[0]})")
    return game


def play_games(game: Any, games: int) -> tuple[int, list[tuple[Any, tuple[Any, ...], bool]]]:
    """Seeded random games; the actions played and each kernel position met at a turn's start."""
    actions = 0
    positions = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and actions < 200_000:
            if state.pending_request() is None and not state.is_simultaneous_node():
                rs = game.rulesets[state.stage]
                positions.append((rs.kernel.kernel, rs.kernel._position(state), bool(state._feeding)))
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, positions


def rate(work: int, seconds: float) -> float:
    return work / seconds if seconds else float("inf")


def measure(game: Any, games: int) -> tuple[float, float]:
    """(actions a second through the State, legal() calls a second)."""
    start = time.perf_counter()
    actions, positions = play_games(game, games)
    through_state = rate(actions, time.perf_counter() - start)
    start = time.perf_counter()
    for k, position, feeding in positions:
        k.legal(*position, feeding)
    return through_state, rate(len(positions), time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="")
    parser.add_argument("--no-interpreted", action="store_true")
    args = parser.parse_args()
    engines = ["c", "typed"] + ([] if args.no_interpreted else ["interpreted"])
    typed = kernel.typed_engine().__name__
    print(f"typed engine: {typed} ({'compiled' if typed.endswith('._engine') else 'interpreted: not compiled'})")
    print(f"{'game':18} {'figure':6} " + " ".join(f"{e:>12}" for e in engines) + "   typed/c  interp/c")
    for name in args.only.split(",") if args.only else GAMES:
        loaded = {engine: load(name, engine) for engine in engines}
        rounds: dict[str, list[tuple[float, float]]] = {engine: [] for engine in engines}
        for _ in range(args.rounds):
            for engine in engines:  # alternating, so that a slow moment of the machine hits both
                games = args.games if engine != "interpreted" else max(1, args.games // 5)
                rounds[engine].append(measure(loaded[engine], games))
        for index, figure in enumerate(("games", "legal")):
            values = {engine: median(r[index] for r in rounds[engine]) for engine in engines}
            ratios = f"{values['typed'] / values['c']:9.2f}x"
            if "interpreted" in values:
                ratios += f" {values['interpreted'] / values['c']:8.2f}x"
            print(f"{name:18} {figure:6} " + " ".join(f"{values[e]:12,.0f}" for e in engines) + f" {ratios}")


if __name__ == "__main__":
    main()
