"""Whole random games: the engine's runner against OpenSpiel's C++ rollouts, in the same run.

Each game is loaded once and the engine's runner (`game.playouts`) plays seeded batches of
random games; for Oware and Kalah, OpenSpiel's MCTSBot with a RandomRolloutEvaluator
(simulations per second, each one random game to the end in C++: rulespec.bench's reference)
runs in alternating rounds. The ratio printed is the median over the rounds of each round's
ratio (robust to a shared machine's speed drifting). Usage:

    python benchmarks/games.py [--seconds 1] [--rounds 5] [--only oware,kalah]
"""
from __future__ import annotations

from statistics import median
from typing import Any, Callable

from rulespec.bench import OPENSPIEL, openspiel_rollouts, timed
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter import native

import same_run

GAMES = ["oware", "kalah", "bao-la-kiswahili", "glass-bead-game", "sungka", "ayoayo"]
"""Sowing and feeding, a store and another turn, marks set by look-ahead, several kinds of
piece, the opening race, rounds."""
BATCH = 50


def games_per_second(runner: Any, start: tuple[Any, ...]) -> Callable[[float], float]:
    seeds = iter(range(10**9))

    def batch() -> int:
        runner.playouts(start, BATCH, next(seeds), False, False)
        return BATCH

    return lambda seconds: timed(batch, seconds)


def main() -> None:
    args = same_run.arguments(__doc__)
    spiel = same_run.pyspiel() is not None
    print(f"{'game':18} {'games/s':>10} {'OpenSpiel/s':>12} {'ours/OS':>8}")
    for name in args.only.split(",") if args.only else GAMES:
        game = load_for_random_play(name)
        runner = native.native(game)
        measures = {"ours": games_per_second(runner, game.new_position())}
        if spiel and name in OPENSPIEL:
            measures["openspiel"] = openspiel_rollouts(OPENSPIEL[name])
        rates: dict[str, list[float]] = {key: [] for key in measures}
        for _ in range(args.rounds):
            for key, measure in measures.items():
                rates[key].append(measure(args.seconds))
        line = f"{name:18} {median(rates['ours']):10.0f}"
        if "openspiel" in rates:
            ratio = median(t / o for t, o in zip(rates["ours"], rates["openspiel"]))
            line += f" {median(rates['openspiel']):12.0f} {ratio:7.2f}x"
        print(line)


if __name__ == "__main__":
    main()
