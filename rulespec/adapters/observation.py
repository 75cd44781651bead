"""The observation tensor both adapters expose: a flat float32 vector seen from one player.

It is laid out in named parts (`Encoding.parts`), each a view onto the flat vector:

- `pits`: pieces in each pit, by kind (one column per kind of piece): the observer's own pits
  first, in the order their actions number them, then the opponent's the same way, then any
  shared pits (from the observer's left). The same position seen by either player therefore
  gives the same tensor.
- `stores`: the observer's store, then the opponent's, by kind (zeros when there are none).
- `hands`: pieces each player holds off the board (the observer's first), then the pieces
  lifted and not yet sown by a move in progress.
- `marks`: one column per mark of the spec (nyumba owned, blocked...), a 1 where a pit has it.
- `stage`: one-hot, the stage being played.
- `to_move`: [the observer moves next, the opponent moves next] (both 0 when the game is over).
- `decision`: one-hot, the decision asked inside a move (none, direction, count, pit, relay,
  entry, piece, pick, place, other).
- `move_from`: one-hot over the mover's pits, the pit the move in progress started from.

Counts are raw numbers of pieces, not scaled.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

DECISIONS = ("none", "direction", "count", "pit", "relay", "entry", "piece", "pick", "place", "other")


@dataclass
class Encoding:
    """How one game's states become tensors; built once per game."""

    game: Any
    parts: dict[str, tuple[int, ...]]
    size: int
    order: list[list[int]]
    """Per observer: the pits in tensor order."""

    @classmethod
    def of(cls, game: Any) -> "Encoding":
        geo = game.geo
        shared = list(range(2 * geo.per_player, geo.n_pits))
        order = [geo.own[0] + geo.own[1] + shared, geo.own[1] + geo.own[0] + shared[::-1]]
        kinds = max(1, len(game.kind_names))
        parts = {
            "pits": (geo.n_pits, kinds),
            "stores": (2, kinds),
            "hands": (3,),
            "marks": (geo.n_pits, len(game.mark_names)),
            "stage": (len(game.stage_names),),
            "to_move": (2,),
            "decision": (len(DECISIONS),),
            "move_from": (geo.per_player,),
        }
        size = sum(int(np.prod(shape)) for shape in parts.values())
        return cls(game, parts, size, order)

    @property
    def high(self) -> float:
        """The largest value any entry can take (every piece in one place)."""
        return float(max(1, self.game.total_pieces))

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named, shaped views onto `flat` (writing a view writes the flat vector)."""
        out, at = {}, 0
        for name, shape in self.parts.items():
            n = int(np.prod(shape))
            out[name] = flat[at:at + n].reshape(shape)
            at += n
        return out

    def fill(self, st: Any, observer: int, views: dict[str, np.ndarray]) -> None:
        """Write `st` as seen by `observer` into `views` (from `views(flat)`)."""
        game = self.game
        geo = game.geo
        for v in views.values():
            v.fill(0)
        order = self.order[observer]
        if st.kinds is not None:
            views["pits"][:] = [st.kinds[q] for q in order]
        else:
            views["pits"][:, 0] = [st.board[q] for q in order]
        for i, p in enumerate((observer, 1 - observer)):
            q = geo.store[p]
            if q != -1:
                views["stores"][i] = st.kinds[q] if st.kinds is not None else st.board[q]
            views["hands"][i] = st.stock[p]
        request = st.pending_request()
        if request is not None:
            views["hands"][2] = request.in_hand
        if game.mark_names:
            marks = views["marks"]
            for i, q in enumerate(order):
                m = st.marks[q]
                for j in range(len(game.mark_names)):
                    marks[i, j] = (m >> j) & 1
        views["stage"][st.stage] = 1
        if not st.is_terminal():
            views["to_move"][0 if st.current_player() == observer else 1] = 1
        kind = "none" if request is None else request.kind if request.kind in DECISIONS else "other"
        views["decision"][DECISIONS.index(kind)] = 1
        if request is not None:
            first = st.move_start()
            if 0 <= first < geo.per_player:
                views["move_from"][first] = 1
