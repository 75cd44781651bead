"""States between actions: the engine's NativeState against OpenSpiel's C++ states and the
Python State, through the same Python loop, in the same run.

The loop is what a search or a learning environment runs: legal_actions, a random choice,
apply_action, and (with --clone) a clone before every action. The NativeState and the Python
State play the same games (tests/test_playouts.py checks them action by action); the ratio
printed is the median of each alternating round's ratio. Usage:

    python benchmarks/states.py [--seconds 1] [--rounds 5] [--clone] [--only oware,kalah]
"""
from __future__ import annotations

from statistics import median

from rulespec.bench import OPENSPIEL, api_loop
from rulespec.fuzz import load_for_random_play
from rulespec.interpreter import native
from rulespec.interpreter.state import State

import same_run

GAMES = ["oware", "kalah", "bao-la-kiswahili", "glass-bead-game", "sungka", "ayoayo"]


def main() -> None:
    args = same_run.arguments(__doc__, clone=True)
    pyspiel = same_run.pyspiel()
    print(f"{'game':18} {'games/s':>10} {'Python/s':>10} {'ours/Py':>8} {'OpenSpiel/s':>12} {'ours/OS':>8}")
    for name in args.only.split(",") if args.only else GAMES:
        game = load_for_random_play(name)
        if type(game.new_initial_state()) is not native.native_state_class():
            print(f"{name:18} not played by the engine's states: {game.native_refusal}")
            continue
        python = load_for_random_play(name).without_kernel()
        measures = {"ours": api_loop(game.new_initial_state, args.clone),
                    "python": api_loop(lambda: State.initial(python), args.clone)}
        if pyspiel is not None and name in OPENSPIEL:
            measures["openspiel"] = api_loop(pyspiel.load_game(OPENSPIEL[name]).new_initial_state, args.clone)
        rates: dict[str, list[float]] = {key: [] for key in measures}
        for _ in range(args.rounds):
            for key, measure in measures.items():
                rates[key].append(measure(args.seconds))
        line = (f"{name:18} {median(rates['ours']):10.0f} {median(rates['python']):10.0f} "
                f"{median(t / p for t, p in zip(rates['ours'], rates['python'])):7.2f}x")
        if "openspiel" in rates:
            line += (f" {median(rates['openspiel']):12.0f} "
                     f"{median(t / o for t, o in zip(rates['ours'], rates['openspiel'])):7.2f}x")
        print(line)


if __name__ == "__main__":
    main()
