"""A position as an RGB picture (PettingZoo's `rgb_array` render mode): each rank of pits as a
row of circles with their counts, North's ranks at the top, the stores at the ends."""
from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageDraw

CELL = 48
"""Pixels per pit, side to side."""
MARGIN = 12
WOOD, PIT, INK, MARK, TO_MOVE = (196, 154, 108), (120, 84, 52), (255, 255, 255), (230, 190, 60), (90, 160, 90)


def board_picture(state: Any) -> np.ndarray:
    """The position as an (height, width, 3) uint8 array."""
    geo = state.game.geo
    stores = [geo.store[p] for p in (0, 1) if geo.store[p] >= 0]
    left = CELL if stores else 0
    width = 2 * MARGIN + 2 * left + geo.width * CELL
    height = 2 * MARGIN + geo.ranks * CELL + CELL // 2
    image = Image.new("RGB", (width, height), WOOD)
    draw = ImageDraw.Draw(image)
    top = geo.ranks - 1
    for q in range(geo.n_pits):
        x = MARGIN + left + geo.xcol[q] * CELL
        y = MARGIN + (top - geo.rank[q]) * CELL
        box = (x + 4, y + 4, x + CELL - 4, y + CELL - 4)
        draw.ellipse(box, fill=PIT, outline=MARK if state.marks[q] else None, width=3)
        draw.text((x + CELL / 2, y + CELL / 2), str(state.board[q]), fill=INK, anchor="mm")
    for player, x in ((1, MARGIN), (0, width - MARGIN - left)):  # North's store on the left, as drawn
        q = geo.store[player]
        if q >= 0:
            draw.rounded_rectangle((x + 4, MARGIN + 4, x + left - 4, MARGIN + geo.ranks * CELL - 4), 12, fill=PIT)
            draw.text((x + left / 2, MARGIN + geo.ranks * CELL / 2), str(state.board[q]), fill=INK, anchor="mm")
    if not state.is_terminal() and state.current_player() in (0, 1):  # a bar on the side to move
        y = height - MARGIN - CELL // 4 if state.current_player() == 0 else MARGIN // 2
        draw.rectangle((MARGIN + left, y, width - MARGIN - left, y + 4), fill=TO_MOVE)
    return np.asarray(image, dtype=np.uint8)
