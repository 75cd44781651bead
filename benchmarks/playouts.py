"""Random playouts per second: rulespec's generic engine, and OpenSpiel's Python loop where
OpenSpiel has the game.

Each game is played to the end with the same loop (legal_actions, a random choice,
apply_action). Where OpenSpiel has the game, the two run in alternating short rounds in this
process, and the median over the rounds of each round's ratio is reported (robust to the
machine's speed drifting during the run), with the median rates. Usage:

    python benchmarks/playouts.py [--seconds 1] [--rounds 7] [--only oware,kalah]
"""
from __future__ import annotations

import argparse
import random
import time
from statistics import median
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
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (medians kept)")
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
        rates, refs, ratios = [], [], []
        length = 0.0
        for _ in range(args.rounds):
            rate, length = playouts_per_second(ours.new_initial_state, args.seconds)
            rates.append(rate)
            if theirs is not None:
                refs.append(playouts_per_second(theirs.new_initial_state, args.seconds)[0])
                ratios.append(rate / refs[-1])
        ours_rate = median(rates)
        label = f"OpenSpiel {OPENSPIEL[name]}, Python loop, same run" if theirs is not None else ""
        ref_rate = median(refs) if refs else 0.0
        ratio_value = median(ratios) if ratios else 0.0
        if theirs is None and name in REFERENCE:
            label, ref_rate = REFERENCE[name]
            ratio_value = ours_rate / ref_rate
        ratio = f"{ratio_value:.3f}" if ratio_value else "n/a"
        ref = f"{ref_rate:12.0f}" if ref_rate else f"{'':>12}"
        print(f"{name:18} {ours_rate:11.0f} {ref} {ratio:>7} {length:13.1f}  {label}")


if __name__ == "__main__":
    main()
