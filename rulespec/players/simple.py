"""The simplest players: uniformly random, and one-move greedy (best score margin after the move)."""
from __future__ import annotations

import random
from typing import Any


class RandomPlayer:
    """A uniformly random legal decision."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.name = "random"

    def choose(self, state: Any) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyPlayer:
    """The decision that leaves the mover best off once the move is complete (score margin,
    a win counting most), ties broken at random."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.name = "greedy"

    def choose(self, state: Any) -> int:
        if state.current_player() == -2:  # both choose at once: each seat's own start, as one joint action
            from . import race_start

            south, north = state.legal_actions(0), state.legal_actions(1)
            return south.index(race_start(self, state, 0)) + len(south) * north.index(race_start(self, state, 1))
        me = state.current_player()
        best: list[int] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            after = state.clone()
            after.apply_action(action)
            while not after.is_terminal() and after.current_player() == me and after.pending_request():
                after.apply_action(after.legal_actions()[0])
            if after.is_terminal():
                value = 1000.0 * after.returns()[me] + after.margin(me)
            else:
                value = after.margin(me)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)
