"""Monte Carlo tree search (UCT) with random playouts. Generic: it knows only the state API.

A node's statistics are from the view of the player who chose the decision leading to it,
so a player who moves again (extra turns, decisions inside a move) is handled like any other.
A playout's result is the game's return (+1 / 0 / -1) plus a small share of the final score
margin, so among won lines the search prefers the larger win. Each playout is one call into
the engine (`NativeState._playout`: a random game from a copy of the state, seeded from the
player's generator); with `native=False`, or where the engine declines (a decision pending),
the same random game is played over the state API in Python."""
from __future__ import annotations

import math
import random
import time
from typing import Any

MARGIN_SHARE = 0.1
"""How much of a playout's value comes from the score margin (normalised by all the points)."""


class Node:
    __slots__ = ("parent", "action", "player", "children", "untried", "visits", "total")

    def __init__(self, parent: Node | None, action: int, player: int, untried: list[int]):
        self.parent = parent
        self.action = action
        self.player = player
        """Who chose `action` (whose view `total` is in)."""
        self.children: list[Node] = []
        self.untried = untried
        self.visits = 0
        self.total = 0.0


class MCTSPlayer:
    def __init__(self, simulations: int | None = None, seconds: float | None = None, seed: int = 0,
                 exploration: float = 1.4, max_playout: int = 2000, native: bool = True):
        if simulations is None and seconds is None:
            simulations = 200
        self.simulations, self.seconds = simulations, seconds
        self.rng = random.Random(seed)
        self.c = exploration
        self.max_playout = max_playout
        self.native = native
        """Play playouts in the engine where the state allows it (False: always the Python loop)."""
        self.name = f"mcts:{simulations}" if seconds is None else f"mcts:{seconds:g}s"

    def choose(self, state: Any) -> int:
        if state.current_player() == -2:  # both choose at once: each seat's own start, as one joint action
            from . import race_start

            south, north = state.legal_actions(0), state.legal_actions(1)
            return south.index(race_start(self, state, 0)) + len(south) * north.index(race_start(self, state, 1))
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        root = Node(None, -1, -1, list(legal))
        rng.shuffle(root.untried)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.simulations is not None and done >= self.simulations:
                break
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            self._simulate(root, state.clone())
            done += 1
        best = max(root.children, key=lambda n: (n.visits, n.total))
        return best.action

    def _simulate(self, root: Node, st: Any) -> None:
        node = root
        log_c = self.c
        # Selection
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children,
                       key=lambda n: n.total / n.visits + log_c * math.sqrt(log_n / n.visits))
            st.apply_action(node.action)
        # Expansion
        if node.untried and not st.is_terminal():
            action = node.untried.pop()
            mover = st.current_player()
            st.apply_action(action)
            legal = [] if st.is_terminal() else list(st.legal_actions())
            self.rng.shuffle(legal)
            child = Node(node, action, mover, legal)
            node.children.append(child)
            node = child
        values = self._playout(st)
        # Backpropagation
        while node is not None:
            node.visits += 1
            if node.player >= 0:
                node.total += values[node.player]
            node = node.parent

    def _playout(self, st: Any) -> tuple[float, float]:
        """A random game to the end (at most max_playout decisions) from st: South's and
        North's values. st may be left anywhere along the game."""
        total = st.game.total_points or 1
        run = getattr(type(st), "_playout", None) if self.native else None
        if run is not None:
            try:
                finished, result, margin, _ = run(st, self.rng.getrandbits(64), self.max_playout)
            except NotImplementedError:  # a decision pending: played over the state API below
                pass
            else:
                return _values(finished, result, margin / total)
        rng = self.rng
        steps = 0
        while not st.is_terminal() and steps < self.max_playout:
            st.apply_action(rng.choice(st.legal_actions()))
            steps += 1
        finished = st.is_terminal()
        return _values(finished, st.returns()[0] if finished else 0, st.margin(0) / total)


def _values(finished: bool, result: float, margin: float) -> tuple[float, float]:
    """A playout's value for South and North from its result (+1/0/-1, when the game ended)
    and South's margin as a share of all the points; an unfinished playout counts half a win
    for the side ahead."""
    r = result if finished else (0.0 if margin == 0 else math.copysign(1.0, margin) * 0.5)
    v0 = (1 - MARGIN_SHARE) * r + MARGIN_SHARE * margin
    return v0, -v0
