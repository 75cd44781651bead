"""Random playouts per second: rulespec's generic engine, and OpenSpiel's Python loop where
OpenSpiel has the game.

Each game is played to the end with the same loop (legal_actions, a random choice,
apply_action). Where OpenSpiel has the game, the two run in alternating short rounds in this
process, and the median over the rounds of each round's ratio is reported (robust to the
machine's speed drifting during the run), with the median rates; where it does not, the
rate alone (and Ludii's reported figure for Bao). benchmarks/engine.py compares the compiled
engine with its source interpreted. Usage:

    python benchmarks/playouts.py [--seconds 1] [--rounds 7] [--only oware,kalah]
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from statistics import median
from typing import Any

import rulespec
from rulespec.fuzz import load_for_random_play

OPENSPIEL = {"oware": "oware", "kalah": "mancala"}
# A game still going after this many actions is abandoned (and reported): a variant whose
# random games can go round for ever must not hang the benchmark or exhaust memory.
MAX_ACTIONS = 100_000
REFERENCE = {"bao-la-kiswahili": ("Ludii's Bao, as the issue reports it on this machine class", 780.0)}


def playouts_per_second(new_state: Callable[[], Any], seconds: float, seed: int = 1) -> tuple[float, float]:
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state()
        played = 0
        while not state.is_terminal():
            if played == MAX_ACTIONS:
                print(f"  (a random game was abandoned after {MAX_ACTIONS:,} actions: the variant may never end)")
                break
            state.apply_action(rng.choice(state.legal_actions()))
            played += 1
        actions += played
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
        ours = load_for_random_play(name)  # e.g. rounds capped where the rules leave them uncapped
        # References run in alternating rounds with ours, in this process.
        others: list[tuple[str, Any]] = []
        if pyspiel and name in OPENSPIEL:
            others.append((f"OpenSpiel {OPENSPIEL[name]}, Python loop, same run", pyspiel.load_game(OPENSPIEL[name])))
        rates: list[float] = []
        refs: list[list[float]] = [[] for _ in others]
        ratios: list[list[float]] = [[] for _ in others]
        length = 0.0
        for _ in range(args.rounds):
            rate, length = playouts_per_second(ours.new_initial_state, args.seconds)
            rates.append(rate)
            for i, (_, other) in enumerate(others):
                refs[i].append(playouts_per_second(other.new_initial_state, args.seconds)[0])
                ratios[i].append(rate / refs[i][-1])
        ours_rate = median(rates)
        rows = [(label, median(r), median(q)) for (label, _), r, q in zip(others, refs, ratios)]
        if name in REFERENCE:
            label, ref_rate = REFERENCE[name]
            rows.append((label, ref_rate, ours_rate / ref_rate))
        for i, (label, ref_rate, ratio) in enumerate(rows or [("", 0.0, 0.0)]):
            first = f"{name:18} {ours_rate:11.0f}" if i == 0 else f"{'':18} {'':>11}"
            ref = f"{ref_rate:12.0f}" if ref_rate else f"{'':>12}"
            shown = f"{ratio:.3f}" if ratio else "n/a"
            steps = f"{length:13.1f}" if i == 0 else f"{'':>13}"
            print(f"{first} {ref} {shown:>7} {steps}  {label}")


if __name__ == "__main__":
    main()
