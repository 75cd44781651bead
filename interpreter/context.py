"""What a condition can see about the move in progress."""
from __future__ import annotations


class MoveInfo:
    """The facts of one move as it unfolds; conditions read it, rules update it.

    Defaults live on the class so that starting a move sets only three attributes.
    """

    origin = -1
    direction = 0
    lifted = 0
    lap = 0
    captured = 0
    last = -1
    lap_seq: tuple[int, ...] = ()
    lap_hand = 0
    first_ok = True
    sowings = 0
    fired: tuple[str, ...] = ()
    """Names of the capture rules that fired, in order (rule coverage)."""

    def __init__(self, mover: int, origin: int = -1, direction: int = 0):
        self.mover = mover
        self.origin = origin
        self.direction = direction

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
