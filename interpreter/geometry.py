"""Board geometry compiled to tables: pits are plain ints, every lookup is a list index.

Numbering: player p owns pits p*K .. p*K+K-1 (K = own pits per player) in the order the
player sows them counter-clockwise, starting at the left end of the player's back row (on a
2-rank board, their only row; on a 3-rank board with a split middle row, the row and then the
player's half of the middle row, from its right end). A 3-rank board's shared middle row
follows (from South's left). Stores, if any, come last: South's then North's.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rulespec.labels import middle_columns, pit_label, player_rows
from rulespec.models import Board

CCW, CW = 0, 1
NONE = -1


@dataclass
class Geometry:
    ranks: int
    width: int
    per_player: int
    n_pits: int
    n_slots: int
    owner: list[int] = field(default_factory=list)
    row: list[str] = field(default_factory=list)
    col: list[int] = field(default_factory=list)
    """Column from the owner's left (shared pits: from South's left)."""
    rank: list[int] = field(default_factory=list)
    """Rank counted from South's edge (0) for drawing; stores get -1."""
    xcol: list[int] = field(default_factory=list)
    """Column from South's left, for drawing."""
    label: list[str] = field(default_factory=list)
    store: list[int] = field(default_factory=lambda: [NONE, NONE])
    stores_in_circuit: bool = False
    own: list[list[int]] = field(default_factory=lambda: [[], []])
    """Each player's pits in action order."""
    opposite: list[int] = field(default_factory=list)
    behind: list[int] = field(default_factory=list)
    mirror: list[int] = field(default_factory=list)
    """The pit with the same label on the other player's side (South's C <-> North's c)."""
    by_label: dict[str, int] = field(default_factory=dict)
    relative: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    """Per player: South-side label (e.g. A5) -> that player's pit."""
    middle: list[int] = field(default_factory=list)
    """A 3-rank board's middle-row pits, from South's left (shared or owned)."""
    column: list[list[int]] = field(default_factory=list)
    """column[q]: the other pits in q's column (across the ranks), from South's edge."""

    def circuit(self, player: int, kind: str, direction: int, *, own_store: bool,
                opponent_store: bool) -> list[int]:
        """The cyclic list of slots `player` sows along, in `direction`."""
        if kind == "own":
            loop = list(self.own[player])
        elif kind == "sides":
            loop = list(self.own[player])
            if self.stores_in_circuit and own_store:
                loop.append(self.store[player])
            loop += self.own[1 - player]
            if self.stores_in_circuit and opponent_store:
                loop.append(self.store[1 - player])
        else:
            mine, theirs = self.own[player][: self.width], self.own[1 - player][: self.width]
            loop = list(mine)
            if self.stores_in_circuit and own_store:
                loop.append(self.store[player])
            if self.ranks == 3:
                # A snake: own row, the middle row back, then the opponent's row the other way.
                middle = sorted(self.middle, key=lambda q: self.xcol[q], reverse=(player == 0))
                loop += middle + list(reversed(theirs))
            else:
                loop += theirs
            if self.stores_in_circuit and opponent_store:
                loop.append(self.store[1 - player])
        return loop if direction == CCW else loop[::-1]


def build_geometry(board: Board) -> Geometry:
    width = board.pits
    rows = player_rows(board)
    halves = middle_columns(board)
    per_player = width * len(rows) + len(halves)
    shared = width if board.ranks == 3 and not halves else 0
    n_pits = 2 * per_player + shared
    n_stores = 0 if board.stores == "none" else 2
    g = Geometry(board.ranks, width, per_player, n_pits, n_pits + n_stores)
    g.stores_in_circuit = board.stores == "in_circuit"
    size = g.n_slots
    g.owner = [NONE] * size
    g.row = ["store"] * size
    g.col = [0] * size
    g.rank = [-1] * size
    g.xcol = [0] * size
    g.label = [""] * size
    g.opposite = [NONE] * size
    g.behind = [NONE] * size
    front_rank = {0: 1 if board.ranks == 4 else 0, 1: board.ranks - 2 if board.ranks == 4 else board.ranks - 1}
    back_rank = {0: 0, 1: board.ranks - 1}
    for p in (0, 1):
        base = p * per_player
        order: list[tuple[str, int]] = []
        if len(rows) == 2:
            order = [("back", c) for c in range(width)] + [("front", c) for c in reversed(range(width))]
        else:
            order = [("front", c) for c in range(width)] + [("middle", c) for c in halves]
        for i, (row, c) in enumerate(order):
            pit = base + i
            g.owner[pit] = p
            g.row[pit] = row
            g.col[pit] = c
            g.rank[pit] = 1 if row == "middle" else front_rank[p] if row == "front" else back_rank[p]
            g.xcol[pit] = c if p == 0 else width - 1 - c
            g.label[pit] = pit_label(board, p, row, c)
            g.relative[p][pit_label(board, 0, row, c)] = pit
            g.own[p].append(pit)
    for c in range(shared):
        pit = 2 * per_player + c
        g.row[pit] = "middle"
        g.col[pit] = c
        g.rank[pit] = 1
        g.xcol[pit] = c
        g.label[pit] = pit_label(board, None, "middle", c)
        for p in (0, 1):  # a shared pit's name means the same pit for both players
            g.relative[p][g.label[pit]] = pit
    if n_stores:
        for p in (0, 1):
            g.store[p] = n_pits + p
            g.owner[n_pits + p] = p
            g.label[n_pits + p] = "S" if p == 0 else "N"
    at = {(g.rank[s], g.xcol[s]): s for s in range(n_pits)}
    g.middle = sorted((q for q in range(n_pits) if g.row[q] == "middle"), key=lambda q: g.xcol[q])
    g.column = [sorted((q for q in range(n_pits) if q != s and g.xcol[q] == g.xcol[s]), key=lambda q: g.rank[q])
                if s < n_pits else [] for s in range(size)]
    for pit in range(n_pits):
        p = g.owner[pit]
        if p == NONE:
            continue
        if g.row[pit] == "front":
            g.opposite[pit] = at.get((front_rank[1 - p], g.xcol[pit]), NONE)
            if len(rows) == 2:
                g.behind[pit] = at[(back_rank[p], g.xcol[pit])]
    g.mirror = [NONE] * size
    for p in (0, 1):
        for lab, pit in g.relative[p].items():
            g.mirror[pit] = g.relative[1 - p][lab]
    g.by_label = {g.label[s]: s for s in range(size)}
    return g
