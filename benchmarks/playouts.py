"""Random playouts per second: rulespec's generic engine vs OpenSpiel's Python loop.

Both run in this process, alternately, with the same loop (legal_actions, a random choice,
apply_action until terminal); the best of several rounds is kept for each. Usage:

    python benchmarks/playouts.py [--seconds 2] [--rounds 3]
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import rulespec

PAIRS = [("oware", "oware", {}), ("kalah", "mancala", {})]


def playouts_per_second(new_state: Callable[[], Any], seconds: float, seed: int = 1) -> tuple[float, float]:
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (best kept)")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - the test extra installs it
        pyspiel = None
    print(f"{'game':8} {'rulespec/s':>11} {'OpenSpiel/s':>12} {'ratio':>7} {'actions/game':>13}")
    for ours_name, theirs_name, params in PAIRS:
        ours = rulespec.load(ours_name, **params)
        theirs = pyspiel.load_game(theirs_name) if pyspiel else None
        best_ours = best_theirs = 0.0
        length = 0.0
        for _ in range(args.rounds):
            rate, length = playouts_per_second(ours.new_initial_state, args.seconds)
            best_ours = max(best_ours, rate)
            if theirs is not None:
                best_theirs = max(best_theirs, playouts_per_second(theirs.new_initial_state, args.seconds)[0])
        ratio = f"{best_ours / best_theirs:.3f}" if best_theirs else "n/a"
        print(f"{ours_name:8} {best_ours:11.0f} {best_theirs:12.0f} {ratio:>7} {length:13.1f}")


if __name__ == "__main__":
    main()
