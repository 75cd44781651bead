"""The move kernel (interpreter/engine.py) compiled, interpreted, and the Python path, in the
same run.

Each game is loaded with whole games left to the Python State, its moves played by the
engine's kernel compiled, by the same source interpreted (RULESPEC_PURE=1), and by the Python
path (`without_kernel`, the reference the kernel is tested against). Two figures per game,
each the median of alternating rounds:

- games: the same seeded random games through the State (legal_actions + apply_action), in
  actions per second;
- legal: the kernel alone, `legal()` on every position of those games (the look-ahead that
  decides which starts are legal), in calls per second (not for the Python path).

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
ENGINES = ("compiled", "interpreted", "python")


def load(name: str, engine: str) -> Any:
    """The game with every stage on the engine's kernel (or none) and no native runner."""
    saved = os.environ.pop("RULESPEC_PURE", None)
    os.environ["RULESPEC_PURE"] = "1" if engine == "interpreted" else "0"
    try:
        game = rulespec.load(name)
        if engine != "python":
            names = list(dict.fromkeys(k.name for rs in game.rulesets for k in rs.kinds))
            for rs in game.rulesets:  # the plain ones too
                rs.kernel = rs.kernel or kernel.build(game, rs, names, force=True)
    finally:
        os.environ.pop("RULESPEC_PURE")
        if saved is not None:
            os.environ["RULESPEC_PURE"] = saved
    if engine == "python":
        return game.without_kernel()
    missing = [rs.kernel_refusal for rs in game.rulesets if rs.kernel is None]
    if missing:
        raise SystemExit(f"{name}: the kernel does not play every stage ({missing[0]})")
    game._native, game.native_refusal = None, "the benchmark plays through the State"
    return game


def play_games(game: Any, games: int) -> tuple[int, list[tuple[Any, tuple[Any, ...], bool]]]:
    """Seeded random games; the actions played and each kernel position met at a turn's start."""
    actions = 0
    positions = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and actions < 200_000:
            rs = game.rulesets[state.stage]
            if rs.kernel is not None and state.pending_request() is None and not state.is_simultaneous_node():
                positions.append((rs.kernel.kernel, rs.kernel._position(state), bool(state._feeding)))
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, positions


def rate(work: int, seconds: float) -> float:
    return work / seconds if seconds else float("inf")


def measure(game: Any, games: int) -> tuple[float, float]:
    """(actions a second through the State, legal() calls a second or 0 without a kernel)."""
    start = time.perf_counter()
    actions, positions = play_games(game, games)
    through_state = rate(actions, time.perf_counter() - start)
    start = time.perf_counter()
    for k, position, feeding in positions:
        k.legal(*position, feeding)
    return through_state, rate(len(positions), time.perf_counter() - start) if positions else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="")
    parser.add_argument("--no-interpreted", action="store_true")
    args = parser.parse_args()
    engines = [e for e in ENGINES if not (args.no_interpreted and e == "interpreted")]
    module = kernel.engine_module().__name__
    print(f"engine: {module} ({'compiled' if module.endswith('._engine') else 'interpreted: not compiled'})")
    print(f"{'game':18} {'figure':6} " + " ".join(f"{e:>12}" for e in engines) + "  comp/python  interp/comp")
    for name in args.only.split(",") if args.only else GAMES:
        loaded = {engine: load(name, engine) for engine in engines}
        rounds: dict[str, list[tuple[float, float]]] = {engine: [] for engine in engines}
        for _ in range(args.rounds):
            for engine in engines:  # alternating, so that a slow moment of the machine hits all
                games = args.games if engine == "compiled" else max(1, args.games // 5)
                rounds[engine].append(measure(loaded[engine], games))
        for index, figure in enumerate(("games", "legal")):
            values = {engine: median(r[index] for r in rounds[engine]) for engine in engines}
            ratios = f"{values['compiled'] / values['python']:11.2f}x" if values["python"] else f"{'':12}"
            if "interpreted" in values:
                ratios += f" {values['interpreted'] / values['compiled']:11.2f}x"
            print(f"{name:18} {figure:6} " + " ".join(f"{values[e]:12,.0f}" for e in engines) + f" {ratios}")


if __name__ == "__main__":
    main()
