"""Random playouts per second: rulespec's generic engine, and OpenSpiel's Python loop where
OpenSpiel has the game.

Each game is played to the end with the same loop (legal_actions, a random choice,
apply_action). Pairs with an OpenSpiel counterpart run alternately in this process; the best
of several rounds is kept for each, and the ratio printed. Usage:

    python benchmarks/playouts.py [--seconds 2] [--rounds 3] [--only oware,kalah]
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import rulespec

OPENSPIEL = {"oware": "oware", "kalah": "mancala"}
REFERENCE = {"bao-la-kiswahili": ("Ludii's Bao, as the issue reports it on this machine class", 780.0)}


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
    parser.add_argument("--only", default="", help="comma-separated variants (default: all)")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - the test extra installs it
        pyspiel = None
    names = [n for n in rulespec.shipped_variants() if not args.only or n in args.only.split(",")]
    print(f"{'game':18} {'rulespec/s':>11} {'reference/s':>12} {'ratio':>7} {'actions/game':>13}  reference")
    for name in names:
        ours = rulespec.load(name)
        theirs = pyspiel.load_game(OPENSPIEL[name]) if pyspiel and name in OPENSPIEL else None
        best_ours = best_theirs = 0.0
        length = 0.0
        for _ in range(args.rounds):
            rate, length = playouts_per_second(ours.new_initial_state, args.seconds)
            best_ours = max(best_ours, rate)
            if theirs is not None:
                best_theirs = max(best_theirs, playouts_per_second(theirs.new_initial_state, args.seconds)[0])
        label = f"OpenSpiel {OPENSPIEL[name]}, Python loop, same run" if theirs is not None else ""
        if theirs is None and name in REFERENCE:
            label, best_theirs = REFERENCE[name]
        ratio = f"{best_ours / best_theirs:.3f}" if best_theirs else "n/a"
        ref = f"{best_theirs:12.0f}" if best_theirs else f"{'':>12}"
        print(f"{name:18} {best_ours:11.0f} {ref} {ratio:>7} {length:13.1f}  {label}")


if __name__ == "__main__":
    main()
