"""A readable text board: North at the top, South at the bottom, stores at the ends (or
turned half round, North at the bottom, for a person playing North)."""
from __future__ import annotations

from typing import Any

from rulespec.models.end import end_reason_words


def render(st: Any, bottom: int = 0) -> str:
    """The board as text, `bottom`'s side nearest the reader (0 South, 1 North)."""
    game = st.game
    geo = game.geo
    width = geo.width
    cell = 4
    grid: dict[tuple[int, int], int] = {(geo.rank[q], geo.xcol[q]): q for q in range(geo.n_pits)}
    marked = [bool(st.marks[q]) for q in range(geo.n_slots)]

    def shown(q: int) -> str:
        if st.kinds is None:
            return str(st.board[q])
        return "".join(game.kind_symbols[k] * n for k, n in enumerate(st.kinds[q])) or "-"

    if st.kinds is not None:
        cell = max(cell, 1 + max(len(shown(q)) for q in range(geo.n_pits)))

    columns = range(width - 1, -1, -1) if bottom else range(width)

    def counts(rank: int) -> str:
        return "".join(f"{shown(grid[(rank, x)])}{'*' if marked[grid[(rank, x)]] else ''}".rjust(cell)
                       for x in columns)

    def labels(rank: int) -> str:
        return "".join(geo.label[grid[(rank, x)]].rjust(cell) for x in columns)

    lines = []
    status = "game over" if st.terminal else f"{_name(st.to_move)} to move"
    if st.race is not None:
        status = "opening race: " + " and ".join(_name(p) for p in st.race.deciding()) + " to choose"
    lines.append(f"{game.name} — {status}, move {st.moves_played + 1}"
                 + (f", stage {game.stage_names[st.stage]}" if len(game.stage_names) > 1 else ""))
    lines.append(_player_line(st, 1 - bottom))
    pad = " " * 6
    top = geo.ranks - 1
    lettered = game.spec.board.notation == "letters"
    ranks = range(0, top + 1) if bottom else range(top, -1, -1)

    def numbers(reverse: bool) -> str:
        cols = range(width, 0, -1) if reverse else range(1, width + 1)  # (the same turned round)
        return pad + "".join(str(c).rjust(cell) for c in cols)

    lines.append(pad + labels(ranks[0]) if lettered else numbers(reverse=True))
    for rank in ranks:
        row = pad + counts(rank)
        if not lettered:
            letter = geo.label[grid[(rank, columns[0])]].rstrip("0123456789")
            right = geo.label[grid[(rank, columns[-1])]].rstrip("0123456789")
            row = (f"   {letter:<3}" if right == letter else f"  {letter}|{right} ") + row[6:]  # (a split row)
        if geo.store[0] != -1 and geo.ranks == 2 and rank == ranks[0] and lettered:
            row = f"[{st.board[geo.store[1 - bottom]]:>3}]" + row[5:] + f"  [{st.board[geo.store[bottom]]:>3}]"
        lines.append(row)
    lines.append(pad + labels(ranks[-1]) if lettered else numbers(reverse=False))
    lines.append(_player_line(st, bottom))
    if game.mark_names and any(marked):
        for name, bit in game.mark_slots.items():
            pits = [geo.label[q] for q in range(geo.n_slots) if st.marks[q] & bit]
            if pits:
                lines.append(f"marked {name} (*): {', '.join(pits)}")
    if st.terminal:
        r = st.returns()
        verdict = "draw" if r[0] == r[1] else f"{_name(0 if r[0] > r[1] else 1)} wins"
        lines.append(f"result: {verdict} ({end_reason_words(st.end_reason)})")
    return "\n".join(lines)


def _player_line(st: Any, p: int) -> str:
    game = st.game
    parts = [f"{_name(p)}: score {st.score(p)}"]
    if game.geo.store[p] != -1:
        parts.append(f"{game.spec.board.terms.store} {st.board[game.geo.store[p]]}")
    if st.stock[p] or game.spec.setup.stock:
        parts.append(f"in hand {st.stock[p]}")
    if st.race is not None:
        if p in st.race.deciding():
            parts.append("<- to choose")
    elif st.to_move == p:
        parts.append("<- to move")
    return "  ".join(parts)


def _name(p: int) -> str:
    return "South" if p == 0 else "North"
