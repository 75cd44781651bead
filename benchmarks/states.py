"""States between actions: the typed engine's Core against `_game.c`'s, and against OpenSpiel's
C++ states, through the same Python loop, in the same run.

The loop is what a search or a learning environment runs: legal_actions, a random choice,
apply_action, and (with --clone) a clone before every action. `_game.c`'s NativeState and the
typed engine's TypedState play the same games (tests/test_playouts.py checks them action by
action against the Python State); the ratio printed is the median of each alternating
round's ratio. Usage:

    python benchmarks/states.py [--seconds 1] [--rounds 5] [--clone] [--only oware,kalah]
"""
from __future__ import annotations

import argparse
import os
from statistics import median
from typing import Any, Callable

from rulespec.bench import OPENSPIEL, api_loop
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter import kernel, native

GAMES = ["oware", "kalah", "bao-la-kiswahili", "glass-bead-game", "sungka", "ayoayo"]


def start_on(engine: str, name: str) -> Callable[[], Any]:
    """new_initial_state of the game loaded for `engine` ("c" or "typed")."""
    os.environ["RULESPEC_ENGINE"] = engine
    try:
        game = load_for_random_play(name)
        state = game.new_initial_state()
        wanted = native.typed_state_class() if engine == "typed" else native.NativeState
        if type(state) is not wanted:
            raise SystemExit(f"{name}: not played by {engine} states ({game.native_refusal})")
        return lambda: native.typed_state_class()(native.typed_games(game).runner, game, *game.new_position()) \
            if engine == "typed" else native.NativeState(native.native(game).shared, game, *game.new_position())
    finally:
        os.environ.pop("RULESPEC_ENGINE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (medians kept)")
    parser.add_argument("--clone", action="store_true", help="clone the state before every action")
    parser.add_argument("--only", default="", help="comma-separated variants (default: the six above)")
    args = parser.parse_args()
    if not kernel.typed_engine().__name__.endswith("._engine"):
        raise SystemExit("the typed engine was not compiled (pip install -e .): nothing to compare")
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - the test extra installs it
        pyspiel = None
    print(f"{'game':18} {'C games/s':>10} {'typed/s':>10} {'typed/C':>8} {'OpenSpiel/s':>12} {'typed/OS':>9}")
    for name in args.only.split(",") if args.only else GAMES:
        measures = {engine: api_loop(start_on(engine, name), args.clone) for engine in ("c", "typed")}
        if pyspiel is not None and name in OPENSPIEL:
            measures["openspiel"] = api_loop(pyspiel.load_game(OPENSPIEL[name]).new_initial_state, args.clone)
        rates: dict[str, list[float]] = {key: [] for key in measures}
        for _ in range(args.rounds):
            for key, measure in measures.items():
                rates[key].append(measure(args.seconds))
        line = (f"{name:18} {median(rates['c']):10.0f} {median(rates['typed']):10.0f} "
                f"{median(t / c for t, c in zip(rates['typed'], rates['c'])):7.2f}x")
        if "openspiel" in rates:
            line += (f" {median(rates['openspiel']):12.0f} "
                     f"{median(t / o for t, o in zip(rates['typed'], rates['openspiel'])):8.2f}x")
        print(line)


if __name__ == "__main__":
    main()
