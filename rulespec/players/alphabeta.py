"""An alpha-beta player: iterative deepening to a depth or a time limit, a transposition
table kept between moves, move ordering (the table's move, turn-keeping moves, margin), and
the score margin of the spec's scoring block as the evaluation. No game knowledge."""
from __future__ import annotations

import random
import time
from typing import Any

from .search import Search, Timeout, TranspositionTable


class AlphaBetaPlayer:
    def __init__(self, depth: int | None = None, seconds: float | None = None, seed: int = 0,
                 memory_mb: float = 200):
        if depth is None and seconds is None:
            depth = 4
        self.depth, self.seconds = depth, seconds
        self.rng = random.Random(seed)
        self.table = TranspositionTable.with_memory(memory_mb)
        self.name = f"alphabeta:{depth}" if seconds is None else f"alphabeta:{seconds:g}s"
        self.last_depth = 0
        """The deepest iteration completed on the last decision."""

    def choose(self, state: Any) -> int:
        if state.current_player() == -2:  # both choose at once: each seat's own start, as one joint action
            from . import race_start

            south, north = state.legal_actions(0), state.legal_actions(1)
            return south.index(race_start(self, state, 0)) + len(south) * north.index(race_start(self, state, 1))
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        search = Search(self.table, deadline)
        root = state.clone()
        best = [self.rng.choice(legal)]
        limit = self.depth if self.depth is not None else 200
        for depth in range(1, limit + 1):
            try:
                value, best = search.best_actions(root, depth)
            except Timeout:
                break
            self.last_depth = depth
            if abs(value) > state.game.total_points:
                break  # a forced win or loss whatever the scores: deeper changes nothing
        return self.rng.choice(best)
