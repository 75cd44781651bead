"""Whole random games: the typed engine's runner against `_game.c`, and against OpenSpiel's
C++ rollouts, in the same run.

Each game is loaded once; `_game.c`'s runner (native.native) and the typed engine's
(native.typed_games, compiled) play the same seeded batches of games, which are the very same
games (tests/test_typed_games.py). They run in alternating rounds; the ratio printed is the
median over the rounds of each round's ratio (robust to a shared machine's speed drifting).
For Oware and Kalah, OpenSpiel's MCTSBot with a RandomRolloutEvaluator (simulations per
second, each one random game to the end in C++: rulespec.bench's reference) runs in the same
rounds. Usage:

    python benchmarks/games.py [--seconds 1] [--rounds 5] [--only oware,kalah]
"""
from __future__ import annotations

import argparse
from statistics import median
from typing import Any, Callable

from rulespec.bench import OPENSPIEL, openspiel_rollouts, timed
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter import kernel, native

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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (medians kept)")
    parser.add_argument("--only", default="", help="comma-separated variants (default: the six above)")
    args = parser.parse_args()
    engine = kernel.typed_engine()
    if not engine.__name__.endswith("._engine"):
        raise SystemExit("the typed engine was not compiled (pip install -e .): nothing to compare")
    try:
        import pyspiel  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra installs it
        spiel = False
    else:
        spiel = True
    print(f"{'game':18} {'C games/s':>10} {'typed/s':>10} {'typed/C':>8} {'OpenSpiel/s':>12} {'typed/OS':>9}")
    for name in args.only.split(",") if args.only else GAMES:
        game = load_for_random_play(name)
        c_runner, typed_runner = native.native(game), native.typed_games(game)
        if c_runner is None or typed_runner is None:
            print(f"{name:18} not played whole by both: {game.native_refusal or game.typed_refusal}")
            continue
        start = game.new_position()
        measures = {"c": games_per_second(c_runner, start), "typed": games_per_second(typed_runner, start)}
        if spiel and name in OPENSPIEL:
            measures["openspiel"] = openspiel_rollouts(OPENSPIEL[name])
        rates: dict[str, list[float]] = {key: [] for key in measures}
        for _ in range(args.rounds):
            for key, measure in measures.items():
                rates[key].append(measure(args.seconds))
        typed_c = median(t / c for t, c in zip(rates["typed"], rates["c"]))
        line = (f"{name:18} {median(rates['c']):10.0f} {median(rates['typed']):10.0f} {typed_c:7.2f}x")
        if "openspiel" in rates:
            typed_os = median(t / o for t, o in zip(rates["typed"], rates["openspiel"]))
            line += f" {median(rates['openspiel']):12.0f} {typed_os:8.2f}x"
        print(line)


if __name__ == "__main__":
    main()
