"""MCTS simulations per second with playouts in the engine (NativeState._playout) against the
same player with the Python playout loop, in alternating rounds in this process (median rates and
the median of each round's ratio). Usage:

    python benchmarks/mcts.py [--seconds 2] [--rounds 3] [--only kalah,oware]
"""
from __future__ import annotations

import argparse
import time
from statistics import median

import rulespec
from rulespec.players import MCTSPlayer


def simulations_per_second(game: object, native: bool, seconds: float) -> float:
    """Decisions from the start and along one game, each with a fixed budget of simulations."""
    player = MCTSPlayer(simulations=200, seed=1, native=native)
    state = game.new_initial_state()
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        if len(state.legal_actions()) > 1:
            done += player.simulations
        state.apply_action(player.choose(state))
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="kalah,oware")
    args = parser.parse_args()
    print(f"{'game':18} {'native sims/s':>14} {'python sims/s':>14} {'ratio':>7}")
    for name in args.only.split(","):
        game = rulespec.load(name)
        fast, slow, ratios = [], [], []
        for _ in range(args.rounds):
            fast.append(simulations_per_second(game, True, args.seconds))
            slow.append(simulations_per_second(game, False, args.seconds))
            ratios.append(fast[-1] / slow[-1])
        print(f"{name:18} {median(fast):14.0f} {median(slow):14.0f} {median(ratios):7.2f}")


if __name__ == "__main__":
    main()
