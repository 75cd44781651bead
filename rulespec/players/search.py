"""Game-tree search shared by the alpha-beta player and the exact solver: negamax with
alpha-beta pruning over the engine's own states, a memory-bounded transposition table keyed
by `state.position_key()`, and the score margin of the spec's scoring block as the value.

Each decision is a ply; a player who moves again (an extra turn, or a decision inside a move)
keeps the sign. Only positions between moves go into the table (a decision inside a move is
not described by the position key)."""
from __future__ import annotations

import time
from typing import Any

from rulespec.errors import LimitError

EXACT, LOWER, UPPER = 0, 1, 2
TO_THE_END = 1 << 30
"""The depth of an exact search: never decremented, so exact entries serve every ply."""


MAX_PLIES = 100_000
"""The longest line the search follows: a game that can cycle for ever without a repetition
end has no value, and the search says so rather than fill the memory."""


class Timeout(Exception):
    """The search ran out of time (the last completed iteration stands)."""


def win_value(game: Any) -> int:
    """A value beyond any score margin: a game won or lost whatever the scores say."""
    return game.total_points + 1


def utility(state: Any, player: int) -> int:
    """The final value of a finished game for `player`: the score margin, or +-win_value when
    the result does not follow the scores (an end condition that names a loser)."""
    margin = state.margin(player)
    result = state.returns()[player]
    if (result > 0) == (margin > 0) and (result < 0) == (margin < 0):
        return margin
    return int(result) * win_value(state.game)


class TranspositionTable:
    """Position key -> (depth, value, bound, best action), holding at most `max_entries`.

    Two generations: when the current one is full, it becomes the old one (the older is
    dropped), so recent and often-used entries survive and memory stays bounded."""

    BYTES_PER_ENTRY = 260
    """Measured size of one entry in CPython (key tuple, value tuple, dict slot)."""

    def __init__(self, max_entries: int = 2_000_000):
        self.max_entries = max(2, max_entries)
        self.new: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self.old: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self.flushes = 0

    @classmethod
    def with_memory(cls, megabytes: float) -> TranspositionTable:
        return cls(int(megabytes * 1_000_000 / cls.BYTES_PER_ENTRY))

    def get(self, key: tuple[int, ...]) -> tuple[int, int, int, int] | None:
        hit = self.new.get(key)
        if hit is None:
            hit = self.old.get(key)
        return hit

    def put(self, key: tuple[int, ...], entry: tuple[int, int, int, int]) -> None:
        new = self.new
        if key not in new and len(new) >= self.max_entries // 2:
            self.old, self.new = new, {}
            new = self.new
            self.flushes += 1
        new[key] = entry

    def __len__(self) -> int:
        return len(self.new) + len(self.old)


class Search:
    """Negamax alpha-beta. `value(state, depth)` is the mover's value looking `depth` plies
    ahead (None: to the end of the game, an exact value)."""

    def __init__(self, table: TranspositionTable | None = None, deadline: float | None = None,
                 progress: Any = None):
        self.table = table if table is not None else TranspositionTable()
        self.deadline = deadline
        self.nodes = 0
        self.progress = progress
        """Called with the node count every 65,536 nodes (for progress bars)."""
        self.root: _Frame | None = None
        """The outermost node being searched (its best so far bounds its value from below)."""

    def value(self, state: Any, depth: int | None = None, alpha: int | None = None,
              beta: int | None = None) -> int:
        bound = win_value(state.game)
        lo = -bound if alpha is None else alpha
        hi = bound if beta is None else beta
        return self._negamax(state, state.current_player(), TO_THE_END if depth is None else depth, lo, hi)

    def ranked(self, state: Any, depth: int | None = None) -> list[tuple[int, int]]:
        """Every legal decision with its value for the mover, best first (each searched with a
        full window, so every value is exact to `depth`)."""
        me = state.current_player()
        out = []
        for action, child in self.children(state):
            out.append((action, self._child_value(child, me, depth, None, None)))
        out.sort(key=lambda av: -av[1])
        return out

    def best_actions(self, state: Any, depth: int | None = None) -> tuple[int, list[int]]:
        """The mover's value and every decision that reaches it: one search of the position
        (ordered by the table), then a null-window test of each decision against the value
        (cheap: the table holds the proof)."""
        value = self.value(state, depth)
        me = state.current_player()
        tied = [action for action, child in self.children(state)
                if self._child_value(child, me, depth, value - 1, value) >= value]
        return value, tied

    def _child_value(self, child: Any, me: int, depth: int | None, alpha: int | None, beta: int | None) -> int:
        d = TO_THE_END if depth is None else depth - 1
        bound = win_value(child.game)
        lo = -bound if alpha is None else alpha
        hi = bound if beta is None else beta
        if child.is_terminal():
            return utility(child, me)
        mover = child.current_player()
        if mover == me:
            return self._negamax(child, me, d, lo, hi)
        return -self._negamax(child, mover, d, -hi, -lo)

    @staticmethod
    def children(state: Any) -> list[tuple[int, Any]]:
        out = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            out.append((action, child))
        return out

    def _negamax(self, st: Any, me: int, depth: int, alpha: int, beta: int) -> int:
        """`me`'s value of `st`, searched `depth` plies within (alpha, beta). Iterative, over
        an explicit stack of frames: a line may be far longer than Python's recursion limit
        (a game without captures that ends only on repetition)."""
        opened = self._open(st, me, depth, alpha, beta)
        if not isinstance(opened, _Frame):
            return opened
        stack = [opened]
        if self.root is None:
            self.root = opened
        while True:
            frame = stack[-1]
            child = frame.next_child()
            if child is not None:
                state, mover, window = child
                opened = self._open(state, mover, frame.below, *window)
                if isinstance(opened, _Frame):
                    if len(stack) >= MAX_PLIES:
                        raise LimitError(f"a line of play went past {MAX_PLIES:,} decisions (does the game "
                                         f"cycle without a repetition end?)")
                    stack.append(opened)
                else:
                    frame.take(opened)
                continue
            stack.pop()
            if frame.key is not None:
                self.table.put(frame.key, frame.entry())
            if not stack:
                return frame.best
            stack[-1].take(frame.best)

    def root_lower_bound(self) -> int | None:
        """What the outermost search has proved of its mover's value so far (None: nothing)."""
        root = self.root
        return None if root is None or root.best == root.worst else root.best

    def _open(self, st: Any, me: int, depth: int, alpha: int, beta: int) -> int | _Frame:
        """A node's value when it needs no search below (the depth is spent, or the table
        settles it), else its frame with the children in search order."""
        self.nodes += 1
        if not self.nodes & 0x3FF:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise Timeout
            if self.progress is not None and not self.nodes & 0xFFFF:
                self.progress(self.nodes)
        if depth <= 0:
            return st.margin(me)
        key = None if st.pending_request() is not None else st.position_key()
        best_action = -1
        if key is not None:
            hit = self.table.get(key)
            if hit is not None:
                d, v, flag, best_action = hit
                if d >= depth:
                    if flag == EXACT:
                        return v
                    if flag == LOWER and v >= beta:
                        return v
                    if flag == UPPER and v <= alpha:
                        return v
        return _Frame(me, depth, alpha, beta, key, _ordered(self.children(st), me, best_action),
                      -win_value(st.game) - 1)


def _ordered(kids: list[tuple[int, Any]], me: int, best_action: int) -> list[tuple[int, Any, int | None]]:
    """(action, child, final value or None) in search order: the table's best move, then
    moves that keep the turn, then the margin after the move."""
    order = []
    for action, child in kids:
        if child.is_terminal():
            v = utility(child, me)
            order.append((0 if action == best_action else 1, 0, -v, action, child, v))
            continue
        keeps = child.current_player() == me
        order.append((0 if action == best_action else 1, 0 if keeps else 1, -child.margin(me), action, child, None))
    order.sort(key=lambda t: t[:3])
    return [(action, child, v) for _, _, _, action, child, v in order]


class _Frame:
    """One node of the iterative search: its window, its children in order, the best so far."""

    __slots__ = ("me", "depth", "below", "alpha", "alpha0", "beta", "key", "order", "index", "best",
                 "best_action", "keeps", "worst")

    def __init__(self, me: int, depth: int, alpha: int, beta: int, key: tuple[int, ...] | None,
                 order: list[tuple[int, Any, int | None]], worst: int):
        self.me, self.depth, self.alpha, self.alpha0, self.beta, self.key = me, depth, alpha, alpha, beta, key
        self.below = depth if depth >= TO_THE_END else depth - 1
        self.order, self.index = order, 0
        self.best, self.best_action, self.worst = worst, order[0][0], worst
        self.keeps = True
        """Whether the child being searched keeps the mover (its value then counts as it is)."""

    def next_child(self) -> tuple[Any, int, tuple[int, int]] | None:
        """The next child to search as (state, its mover, its window), taking finished
        children's values on the way; None once every child is in or the window is cut."""
        while self.alpha < self.beta and self.index < len(self.order):
            action, child, v = self.order[self.index]
            self.order[self.index] = (action, None, v)  # searched from here on: its frame holds what it needs
            self.index += 1
            if v is not None:
                self._record(v, action)
                continue
            self.keeps = child.current_player() == self.me
            if self.keeps:
                return child, self.me, (self.alpha, self.beta)
            return child, 1 - self.me, (-self.beta, -self.alpha)
        return None

    def take(self, child_value: int) -> None:
        """The value of the child last handed out, from that child's mover's view."""
        self._record(child_value if self.keeps else -child_value, self.order[self.index - 1][0])

    def _record(self, v: int, action: int) -> None:
        if v > self.best:
            self.best, self.best_action = v, action
            if v > self.alpha:
                self.alpha = v

    def entry(self) -> tuple[int, int, int, int]:
        flag = UPPER if self.best <= self.alpha0 else LOWER if self.best >= self.beta else EXACT
        return self.depth, self.best, flag, self.best_action
