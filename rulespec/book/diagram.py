"""SVG board diagrams, drawn from a game's geometry and a position: legible in black and white.

Pits are circles with their count inside and their label beside; stores are rounded boxes at
the ends; pits with a role have a double ring; marked pits carry a small black triangle;
pits whose pieces changed are shaded grey. A move is drawn on top: the pit it starts from
ringed in bold, each lap's path as a line of arrows (lap 1 solid, lap 2 dashed, lap 3 dotted,
each starting at a black disc with the lap's number; a step that jumps over pits goes
round their counts), captured pits framed by a square, and
the pieces taken to a store as an arrow into it labelled with their number.
"""
from __future__ import annotations

from html import escape
from typing import Any

CELL = 48
"""A pit's width: the distance between the centres of neighbours in a row."""
ROW = 54
"""A row's height: room between two rows for one row's labels and the frames of captured pits."""
RADIUS = 17
LABEL_SIZE = 10
"""Pit labels' font size, in the diagram's units (a rulebook prints a unit at 1.25 CSS px)."""
COUNT_ZONE = 8.5
"""How near a pit's centre its count is written: no arrow comes nearer."""
FOLD_GAP = 34
"""Room between the blocks of a board drawn folded (too long for one line on a page)."""


SHIFTS = [11.5, -11.5, 14.5, -14.5]
"""Where each lap's line runs, off the pit centres (where the counts are)."""
DASHES = ["", ' stroke-dasharray="7 4"', ' stroke-dasharray="2 3"', ' stroke-dasharray="10 3 2 3"']


def board_svg(state: Any, highlight: set[int] | None = None, origin: int | None = None,
              title: str | None = None, laps: list[list[int]] | None = None,
              taken: list[tuple[tuple[int, ...], str, int]] | None = None, mover: int | None = None,
              clickable: bool = False, fold: int | None = None) -> str:
    """A board diagram. `laps`: each lap's path (the slot it starts from, then the slots it
    drops into); `taken`: each capture's pits, destination (store, removed, sow) and pieces;
    `clickable`: pits and stores carry class="pit" and data-slot="N" (the web page's clicks);
    `fold`: columns per block, for a board too long for a page: the board is cut into blocks
    of that many columns drawn one below the other, North's store beside the first block and
    South's beside the last (where the rows' ends meet them)."""
    game = state.game
    geo = game.geo
    highlight = highlight or set()
    stores = geo.store[0] != -1
    margin_x = side_margin(geo)
    columns = min(fold or geo.width, geo.width)
    blocks = -(-geo.width // columns)
    block_height = geo.ranks * ROW + FOLD_GAP
    width, height = diagram_size(geo, columns, bool(title))
    top = 22 + (18 if title else 0)
    roles = set().union(*game.roles.values()) if game.roles else set()

    def place(q: int) -> tuple[float, float]:
        """A pit's centre: its column within its block, its rank within the block's rows."""
        block, column = divmod(geo.xcol[q], columns)
        return (margin_x + column * CELL + CELL / 2,
                top + block * block_height + (geo.ranks - 1 - geo.rank[q]) * ROW + ROW / 2)

    def middle(block: int) -> float:
        return top + block * block_height + geo.ranks * ROW / 2

    store_at = {1: (10, middle(0)), 0: (width - 60, middle(blocks - 1))}
    """Each player's store box: its left edge and its middle height."""
    centre = {q: place(q) for q in range(geo.n_pits)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" role="img" '
           f'aria-label="{escape(title or game.name)}">',
           f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="12" fill="white" stroke="black"/>']
    if title:
        out.append(f'<text x="{width / 2}" y="18" font-size="13" text-anchor="middle">{escape(title)}</text>')
    for block in range(1, blocks):  # where a folded board goes on
        y = top + block * block_height - FOLD_GAP / 2
        out.append(f'<line x1="{margin_x}" y1="{y}" x2="{width - margin_x}" y2="{y}" stroke="black" '
                   f'stroke-width="0.8" stroke-dasharray="4 4"/>')
        out.append(f'<text x="{width / 2}" y="{y - 4}" font-size="9" text-anchor="middle" font-style="italic">'
                   f'the rows go on below</text>')
    for q in range(geo.n_pits):
        cx, cy = centre[q]
        fill = "#cfcfcf" if q in highlight else "white"
        dash = ' stroke-width="3.5"' if q == origin else ' stroke-width="1.2"'
        slot = f' class="pit" data-slot="{q}"' if clickable else ""
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{RADIUS}" fill="{fill}" stroke="black"{dash}{slot}/>')
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
    bands: list[tuple[float, float]] = []  # the heights the pit labels take up
    for rank in range(geo.ranks):
        pits = sorted((q for q in range(geo.n_pits) if geo.rank[q] == rank), key=lambda q: geo.xcol[q])
        north = geo.owner[pits[0]] == 1
        if geo.owner[pits[0]] == -1:
            continue  # the shared middle row: its letter is at the side
        for q in pits:
            cx, y = centre[q]
            # North's rows labelled above their pits, South's below: each gap holds one row's labels.
            ly = y - RADIUS - 5 if north else y + RADIUS + 12
            bands.append((ly - LABEL_SIZE * 0.8, ly + 1))
            out.append(f'<text x="{cx}" y="{ly}" font-size="{LABEL_SIZE}" text-anchor="middle">'
                       f'{escape(geo.label[q])}</text>')
    if stores:
        for p, (x, mid) in store_at.items():
            q = geo.store[p]
            fill = "#cfcfcf" if q in highlight else "white"
            slot = f' class="pit store" data-slot="{q}"' if clickable else ""
            out.append(f'<rect x="{x}" y="{mid - 30}" width="50" height="60" rx="10" fill="{fill}" '
                       f'stroke="black"{slot}/>')
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
            for block in range(blocks):
                y = top + block * block_height + (geo.ranks - 1 - rank) * ROW + ROW / 2 + 4
                out.append(f'<text x="{margin_x - 14}" y="{y}" font-size="11" text-anchor="middle" '
                           f'font-style="italic">{escape(letter)}</text>')
    edges: dict[int, tuple[float, float, float]] = {}
    if stores:
        for p, (x, mid) in store_at.items():
            centre[geo.store[p]] = (x + 25, mid)
            # Arrows stop at the side of the box facing the board, clear of its count.
            edges[geo.store[p]] = (x + 52 if p == 1 else x - 2, mid - 24, mid + 24)
    for q, dest, n in taken or []:
        for pit in q:
            if pit in centre:
                cx, cy = centre[pit]
                # Just outside the circle, inside the gap that holds the row's labels.
                out.append(f'<rect x="{cx - RADIUS - 2}" y="{cy - RADIUS - 2}" width="{2 * RADIUS + 4}" '
                           f'height="{2 * RADIUS + 4}" fill="none" stroke="black" stroke-width="2.2"/>')
    out += _laps(laps or [], centre, edges, bands)
    for q, dest, n in taken or []:
        pits = [pit for pit in q if pit in centre]
        if not pits or not n:
            continue
        fx, fy = centre[pits[-1]]
        if dest == "store" and stores:
            store = geo.store[mover if mover is not None else 1 - geo.owner[pits[-1]]]
            sx, sy = centre[store]
            out.append(_to_store(fx, fy, edges[store], sy, bands))
            out.append(f'<text x="{sx}" y="{sy - 34}" font-size="11" text-anchor="middle" '
                       f'font-weight="bold">+{n}</text>')
        elif dest == "removed":
            out.append(f'<text x="{fx}" y="{fy - RADIUS - 5}" font-size="10" text-anchor="middle">'
                       f'{n} out</text>')
        elif dest == "landing":
            out.append(f'<text x="{fx}" y="{fy - RADIUS - 5}" font-size="10" text-anchor="middle">'
                       f'{n} moved</text>')
    hands = [state.stock[p] for p in (0, 1)]
    if any(hands) or game.spec.setup.stock:
        out.append(f'<text x="{margin_x}" y="{height - 8}" font-size="10">South holds {hands[0]}, '
                   f'North holds {hands[1]}</text>')
    out.append(f'<text x="{width - margin_x}" y="{height - 8}" font-size="10" text-anchor="end">'
               f'South sits at the bottom</text>')
    out.append("</svg>")
    if laps or taken:
        out.insert(2, '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" '
                      'markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" '
                      'fill="black"/></marker></defs>')
    return "\n".join(out)


def diagram_size(geo: Any, columns: int, title: bool = True) -> tuple[int, int]:
    """A diagram's width and height, in its units, drawn in blocks of `columns` columns."""
    blocks = -(-geo.width // columns)
    return (side_margin(geo) * 2 + columns * CELL,
            40 + blocks * (geo.ranks * ROW + FOLD_GAP) - FOLD_GAP + 24 + (18 if title else 0))


def side_margin(geo: Any) -> int:
    """Room on each side of the pits: for the stores, and the row letters beside them."""
    stores = geo.store[0] != -1
    return (84 if geo.ranks > 2 else 70) if stores else 36


def _gap(y: float, up: int, bands: Bands) -> float:
    """Where a line runs along the gap next to the row at height `y` (up: -1 above it, 1
    below): in the middle of the widest part of the gap that no row of labels takes up."""
    lo, hi = sorted((y + up * RADIUS, y + up * (ROW - RADIUS)))
    free = [(lo, hi)]
    for a, b in bands:
        free = [part for x, z in free for part in ((x, min(z, a)), (max(x, b), z)) if part[1] - part[0] > 0]
    if not free:
        return y + up * ROW / 2
    x, z = max(free, key=lambda part: part[1] - part[0])
    return (x + z) / 2


Bands = list[tuple[float, float]] | tuple[()]


def _to_store(fx: float, fy: float, edge: tuple[float, float, float], mid: float, bands: Bands = ()) -> str:
    """The captured pieces' dotted arrow: from the pit's rim into the gap between its row and
    the middle of the board, along that gap, then into the side of the store (so it crosses
    no count)."""
    ex, lo, hi = edge
    down = 1 if fy < mid else -1
    gap = _gap(fy, down, bands) if abs(fy - mid) > 1 else fy
    rim = fy + down * RADIUS
    end_y = min(max(gap, lo), hi)
    turn = ex + (8 if ex < fx else -8)
    return (f'<path d="M{fx:.1f} {rim:.1f} L{fx:.1f} {gap:.1f} L{turn:.1f} {gap:.1f} L{ex:.1f} {end_y:.1f}" '
            f'fill="none" stroke="black" stroke-width="1.6" stroke-dasharray="1 3" marker-end="url(#arrow)"/>')


def _laps(laps: list[list[int]], centre: dict[int, tuple[float, float]],
          edges: dict[int, tuple[float, float, float]] | None = None, bands: Bands = ()) -> list[str]:
    """Each lap as arrows from pit to pit, off-centre so the counts stay readable; odd laps
    below the centres, even laps above; a numbered disc where each lap starts. Steps into or
    out of a store meet the side of its box, not its count."""
    edges = edges or {}
    out = []
    for i, path in enumerate(laps):
        slots = [q for q in path if q in centre]
        if len(slots) < 2:
            continue
        shift = SHIFTS[i % len(SHIFTS)]
        dash = DASHES[i % len(DASHES)]
        ends = [(centre[q], (centre[q][0], centre[q][1] + shift)) for q in slots]
        for k, q in enumerate(slots):
            if q in edges:
                ex, lo, hi = edges[q]
                neighbour = ends[k - 1][1] if k else ends[k + 1][1]
                side = (ex, min(max(neighbour[1], lo), hi))
                ends[k] = (side, side)
        pits = [c for q, c in centre.items() if q not in edges]
        routes = [_route(a, b, pits, bands) for a, b in zip(ends, ends[1:]) if a != b]
        for route in routes:
            # A straight step stays a <line>: WeasyPrint orients the marker of a two-point
            # <polyline> wrongly (the arrowheads pointed down in the PDF).
            if len(route) == 2:
                (x1, y1), (x2, y2) = route
                out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="black" '
                           f'stroke-width="1.6"{dash} marker-end="url(#arrow)"/>')
            else:
                out.append(f'<polyline points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in route)}" '
                           f'fill="none" stroke="black" stroke-width="1.6"{dash} marker-end="url(#arrow)"/>')
        if not routes:
            continue
        (x1, y1), (x2, y2) = routes[0][0], routes[0][1]
        # The disc on the first step, just clear of the pit it starts from, beside the line.
        length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
        t = min(0.5, (RADIUS + 8 if (x1, y1) == ends[0][1] else 8) / length)
        x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        if abs(x2 - x1) >= abs(y2 - y1):
            y += 7 if shift > 0 else -7
        else:
            x += 9
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6.5" fill="black"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle" fill="white" '
                   f'font-weight="bold">{i + 1}</text>')
    return out


Point = tuple[float, float]


def _route(start: tuple[Point, Point], end: tuple[Point, Point], pits: list[Point], bands: Bands = ()) -> list[Point]:
    """A step's line between two (centre, off-centre point) pairs: off-centre and straight
    when that crosses no other pit; else straight from rim to rim (a jump across the board,
    as from a three-rank board's middle row to the opponent's); else out through the gap
    between the rows and back in."""
    (c1, p1), (c2, p2) = start, end
    if c1[0] == c2[0] and c1 != p1 and c2 != p2:
        # A step straight across the rows runs beside the column, clear of the labels in it.
        side = abs(p1[1] - c1[1]) or SHIFTS[0]
        p1, p2 = (c1[0] + side, c1[1]), (c2[0] + side, c2[1])
    others = [c for c in pits if c not in (c1, c2)]
    own = [c for c, p in ((c1, p1), (c2, p2)) if c != p]  # the two pits' own counts (not a store's side)
    if _clear(p1, p2, others) and _clear(p1, p2, own, COUNT_ZONE):
        return [p1, p2]
    (x1, y1), (x2, y2) = c1, c2
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    r1 = 0.0 if c1 == p1 else RADIUS + 2  # a store's side point is already on its rim
    r2 = 0.0 if c2 == p2 else RADIUS + 2
    rim1, rim2 = (x1 + ux * r1, y1 + uy * r1), (x2 - ux * r2, y2 - uy * r2)
    if _clear(rim1, rim2, others):
        return [rim1, rim2]
    up = -1 if y2 < y1 else 1
    gap = _gap(y1, up, bands)
    last = (x2, y2 - up * r2 if abs(y2 - y1) > 1 else y2 + up * r2)
    route = [(x1, y1 + up * r1), (x1, gap), (x2, gap), last]
    if all(_clear(a, b, others) for a, b in zip(route, route[1:])):
        return route
    # rows between the two gaps (a four-rank board's other row): cross them between two
    # columns, then go along the gap beside the end pit's row
    side = 1 if x1 > x2 or x1 == x2 else -1
    between, gap2 = x2 + side * CELL / 2, _gap(y2, -up, bands)
    return [(x1, y1 + up * r1), (x1, gap), (between, gap), (between, gap2), (x2, gap2), last]


def _clear(a: Point, b: Point, pits: list[Point], reach: float = RADIUS * 0.85) -> bool:
    """Whether the segment a-b keeps `reach` away from these pits' centres (their counts)."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy or 1.0
    for px, py in pits:
        t = min(1.0, max(0.0, ((px - x1) * dx + (py - y1) * dy) / length2))
        if (x1 + t * dx - px) ** 2 + (y1 + t * dy - py) ** 2 < reach ** 2:
            return False
    return True


def changed_pits(before: Any, after: Any) -> set[int]:
    """The slots whose pieces differ between two states of the same game."""
    if before.kinds is not None and after.kinds is not None:
        return {q for q in range(len(before.board)) if before.kinds[q] != after.kinds[q]}
    return {q for q in range(len(before.board)) if before.board[q] != after.board[q]}
