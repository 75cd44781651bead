"""States between actions: the engine's NativeState compiled by Cython against the same
source interpreted (RULESPEC_PURE=1) and OpenSpiel's C++ states, through the same Python loop,
in the same run.

The loop is what a search or a learning environment runs: legal_actions, a random choice,
apply_action, and (with --clone) a clone before every action. Both builds of the engine play
the same games; the ratio printed is the median of each alternating round's ratio. Usage:

    python benchmarks/states.py [--seconds 1] [--rounds 5] [--clone] [--only oware,kalah]
"""
from __future__ import annotations

from collections.abc import Callable
from statistics import median
from typing import Any

from rulespec.bench import OPENSPIEL, api_loop
from rulespec.fuzz import load_for_random_play

import same_run

GAMES = ["oware", "kalah", "bao-la-kiswahili", "glass-bead-game", "sungka", "ayoayo"]


def on_build(name: str, engine: str, clone: bool) -> Callable[[float], float]:
    """The loop's games per second over the variant's states on one build of the engine."""
    with same_run.build(engine):
        game = load_for_random_play(name)
        if same_run.engine_of(game.new_initial_state()) != engine:
            raise SystemExit("the engine is not compiled here (no build of interpreter/engine.py)")
    loop = api_loop(game.new_initial_state, clone)

    def measure(seconds: float) -> float:
        with same_run.build(engine):  # the states it makes are that build's
            return loop(seconds)

    return measure


def ratio(ours: list[float], theirs: list[float]) -> str:
    """The median of the rounds' ratios, ours over theirs."""
    return f"{median(a / b for a, b in zip(ours, theirs)):7.2f}x"


def main() -> None:
    args = same_run.arguments(__doc__, clone=True)
    pyspiel = same_run.pyspiel()
    print(f"{'game':18} {'games/s':>10} {'interp./s':>10} {'ours/int':>8} {'OpenSpiel/s':>12} {'ours/OS':>8}")
    for name in args.only.split(",") if args.only else GAMES:
        measures: dict[str, Callable[[float], Any]] = {
            "ours": on_build(name, "compiled", args.clone), "interpreted": on_build(name, "interpreted", args.clone)}
        if pyspiel is not None and name in OPENSPIEL:
            measures["openspiel"] = api_loop(pyspiel.load_game(OPENSPIEL[name]).new_initial_state, args.clone)
        rates: dict[str, list[float]] = {key: [] for key in measures}
        for _ in range(args.rounds):
            for key, measure in measures.items():
                rates[key].append(measure(args.seconds))
        line = (f"{name:18} {median(rates['ours']):10.0f} {median(rates['interpreted']):10.0f} "
                f"{ratio(rates['ours'], rates['interpreted'])}")
        if "openspiel" in rates:
            line += f" {median(rates['openspiel']):12.0f} {ratio(rates['ours'], rates['openspiel'])}"
        print(line)


if __name__ == "__main__":
    main()
