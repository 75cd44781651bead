"""SVG board diagrams, drawn from a game's geometry and a position: legible in black and white.

Pits are circles with their count inside and their label beside; stores are rounded boxes at
the ends; pits with a role have a double ring; marked pits carry a small black triangle;
highlighted pits (a move's sowing path) are shaded grey, and the pit a move started from has a
dashed ring.
"""
from __future__ import annotations

from html import escape
from typing import Any

CELL = 44
RADIUS = 17


def board_svg(state: Any, highlight: set[int] | None = None, origin: int | None = None,
              title: str | None = None) -> str:
    game = state.game
    geo = game.geo
    highlight = highlight or set()
    stores = geo.store[0] != -1
    margin_x = 70 if stores else 36
    width = margin_x * 2 + geo.width * CELL
    height = 40 + geo.ranks * CELL + 24 + (18 if title else 0)
    top = 22 + (18 if title else 0)
    roles = set().union(*game.roles.values()) if game.roles else set()
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" role="img" '
           f'aria-label="{escape(title or game.name)}">',
           f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="12" fill="white" stroke="black"/>']
    if title:
        out.append(f'<text x="{width / 2}" y="18" font-size="13" text-anchor="middle">{escape(title)}</text>')
    for q in range(geo.n_pits):
        rank, x = geo.rank[q], geo.xcol[q]
        cx = margin_x + x * CELL + CELL / 2
        cy = top + (geo.ranks - 1 - rank) * CELL + CELL / 2
        fill = "#cfcfcf" if q in highlight else "white"
        dash = ' stroke-dasharray="4 3" stroke-width="2.5"' if q == origin else ' stroke-width="1.2"'
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{RADIUS}" fill="{fill}" stroke="black"{dash}/>')
        if q in roles:
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{RADIUS - 4}" fill="none" stroke="black" stroke-width="0.8"/>')
        count = state.board[q]
        if state.kinds is not None:
            symbols = "".join(game.kind_symbols[k] * n for k, n in enumerate(state.kinds[q]))
            size = 14 if len(symbols) <= 3 else 10
            out.append(f'<text x="{cx}" y="{cy + 4}" font-size="{size}" text-anchor="middle" '
                       f'font-weight="bold">{escape(symbols)}</text>')
        else:
            out.append(f'<text x="{cx}" y="{cy + 5}" font-size="14" text-anchor="middle" '
                       f'font-weight="bold">{count if count else ""}</text>')
        if state.marks[q]:
            out.append(f'<path d="M{cx + 9} {cy - 17} l8 0 l-4 7 z" fill="black"/>')
    for rank in range(geo.ranks):
        pits = sorted((q for q in range(geo.n_pits) if geo.rank[q] == rank), key=lambda q: geo.xcol[q])
        y = top + (geo.ranks - 1 - rank) * CELL + CELL / 2
        north = geo.owner[pits[0]] == 1
        for q in pits:
            cx = margin_x + geo.xcol[q] * CELL + CELL / 2
            ly = y - RADIUS - 3 if north and rank == geo.ranks - 1 else y + RADIUS + 11
            if rank in (0, geo.ranks - 1):
                out.append(f'<text x="{cx}" y="{ly}" font-size="9" text-anchor="middle">{escape(geo.label[q])}</text>')
    if stores:
        mid = top + geo.ranks * CELL / 2
        for p, x in ((1, 10), (0, width - 60)):
            q = geo.store[p]
            fill = "#cfcfcf" if q in highlight else "white"
            out.append(f'<rect x="{x}" y="{mid - 30}" width="50" height="60" rx="10" fill="{fill}" stroke="black"/>')
            shown = (sum(n * v for n, v in zip(state.kinds[q], game.kind_values)) if state.kinds is not None
                     else state.board[q])
            out.append(f'<text x="{x + 25}" y="{mid + 6}" font-size="15" text-anchor="middle" '
                       f'font-weight="bold">{shown}</text>')
            out.append(f'<text x="{x + 25}" y="{mid + 44}" font-size="9" text-anchor="middle">'
                       f'{"South" if p == 0 else "North"}</text>')
    if geo.ranks > 2 or not stores:
        for rank in range(geo.ranks):
            q = next(q for q in range(geo.n_pits) if geo.rank[q] == rank)
            letter = geo.label[q].rstrip("0123456789") if game.spec.board.notation != "letters" else ""
            y = top + (geo.ranks - 1 - rank) * CELL + CELL / 2 + 4
            out.append(f'<text x="{margin_x - 14}" y="{y}" font-size="11" text-anchor="middle" '
                       f'font-style="italic">{escape(letter)}</text>')
    hands = [state.stock[p] for p in (0, 1)]
    if any(hands) or game.spec.setup.stock:
        out.append(f'<text x="{margin_x}" y="{height - 8}" font-size="10">South holds {hands[0]}, '
                   f'North holds {hands[1]}</text>')
    out.append(f'<text x="{width - margin_x}" y="{height - 8}" font-size="10" text-anchor="end">'
               f'South sits at the bottom</text>')
    out.append("</svg>")
    return "\n".join(out)


def changed_pits(before: Any, after: Any) -> set[int]:
    """The slots whose pieces differ between two states of the same game."""
    if before.kinds is not None and after.kinds is not None:
        return {q for q in range(len(before.board)) if before.kinds[q] != after.kinds[q]}
    return {q for q in range(len(before.board)) if before.board[q] != after.board[q]}
