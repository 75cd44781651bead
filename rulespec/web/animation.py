"""Sowing animated: the frames between two positions, drawn by the rulebooks' diagram code.

The engine plays a move in one go, so the frames are rebuilt from the two positions: the
pits the move changed are filled in one after another in the order the hand reaches them
going round the mover's circuit from the start pit (then the stores and any pit off that
circuit), each frame shading the pit just reached.
"""
from __future__ import annotations

from typing import Any

from ..book.diagram import board_svg, changed_pits

MAX_FRAMES = 48


def circuit_order(st: Any, mover: int, origin: int, direction: int) -> list[int]:
    """The slots in the order the mover's hand passes them from `origin` (origin first)."""
    game = st.game
    rs = game.rulesets[min(st.stage, len(game.rulesets) - 1)]
    steps = rs.steps[mover][direction if direction in (0, 1) else 0]
    order, q = [origin], origin
    for _ in range(game.geo.n_slots):
        q = steps[q] if 0 <= q < len(steps) else -1
        if q < 0 or q in order:
            break
        order.append(q)
    return order


def frames(before: Any, after: Any, mover: int, origin: int, direction: int) -> list[str]:
    """SVG frames from `before` to `after` (the last frame is `after`, changes shaded)."""
    changed = changed_pits(before, after)
    if origin < 0:
        return [board_svg(after, highlight=changed, clickable=True)]
    path = circuit_order(before, mover, origin, direction)
    ordered = [q for q in path if q in changed] + sorted(changed - set(path))
    work = before.clone()
    out = []
    step = max(1, len(ordered) // MAX_FRAMES + (len(ordered) % MAX_FRAMES > 0))
    for i, q in enumerate(ordered):
        work.board[q] = after.board[q]
        if work.kinds is not None:
            work.kinds[q] = list(after.kinds[q])
        if i % step == step - 1 or i == len(ordered) - 1:
            out.append(board_svg(work, highlight={q}, origin=origin, clickable=True))
    out.append(board_svg(after, highlight=changed, origin=origin, clickable=True))
    return out
