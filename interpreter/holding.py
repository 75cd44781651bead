"""Pits that change hands: while a pit carries a mark that holds it (`holds_pit`), it belongs to
the mark's owner, not to its row's player. Each rule that asks whose pit it is uses these."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .geometry import Geometry

Owner = Callable[[Any, int], int]
"""owner(state, pit): 0 South, 1 North, -1 nobody (a shared pit or a store)."""


def owner_function(geo: Geometry, held: tuple[int, int] | None) -> Owner:
    """Whose pit `q` is in state `st`: its row's player, or the holder of a mark that holds it."""
    rows = geo.owner
    if held is None:
        return lambda st, q: rows[q]
    south, north = held

    def owner(st: Any, q: int) -> int:
        m = st.marks[q] if q < len(st.marks) else 0
        return 0 if m & south else 1 if m & north else rows[q]

    return owner


def pits_of(geo: Geometry, held: tuple[int, int] | None) -> Callable[[Any, int], list[int]]:
    """pits_of(state, player): the pits that player holds now, in slot order."""
    if held is None:
        own = geo.own
        return lambda st, p: own[p]
    owner = owner_function(geo, held)
    return lambda st, p: [q for q in range(geo.n_pits) if owner(st, q) == p]
