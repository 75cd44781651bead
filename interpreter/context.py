"""What a condition can see about the move in progress."""
from __future__ import annotations


class MoveInfo:
    """The facts of one move as it unfolds; conditions read it, rules update it."""

    __slots__ = ("mover", "origin", "direction", "lifted", "lap", "captured", "last",
                 "lap_seq", "lap_hand", "first_ok", "sowings", "fired")

    def __init__(self, mover: int, origin: int = -1, direction: int = 0):
        self.mover = mover
        self.origin = origin
        self.direction = direction
        self.lifted = 0
        self.lap = 0
        self.captured = 0
        self.last = -1
        self.lap_seq: tuple[int, ...] | list[int] = ()
        self.lap_hand = 0
        self.first_ok = True
        self.sowings = 0
        self.fired: list[str] = []

    def sown_into(self, pit: int) -> int:
        """Pieces the current lap dropped into `pit`."""
        seq = self.lap_seq
        n = len(seq)
        if not n:
            return 0
        try:
            i = seq.index(pit)
        except ValueError:
            return 0
        q, r = divmod(self.lap_hand, n)
        return q + (1 if i < r else 0)
