"""Computer players for `rulespec play` and for tests: random and one-move greedy."""
from __future__ import annotations

import random
from typing import Any


def random_action(state: Any, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def greedy_action(state: Any, rng: random.Random) -> int:
    """The decision that leaves the mover best off once the move is complete (score margin,
    a win counting most), ties broken at random."""
    me = state.current_player()
    best: list[int] = []
    best_value = float("-inf")
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        while not after.is_terminal() and after.current_player() == me and after.pending_request():
            after.apply_action(after.legal_actions()[0])
        if after.is_terminal():
            value = 1000.0 * after.returns()[me]
        else:
            value = after.score(me) - after.score(1 - me)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)


PLAYERS = {"random": random_action, "greedy": greedy_action}
