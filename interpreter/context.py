"""What a condition can see about the move in progress."""
from __future__ import annotations

from typing import Any


class MoveInfo:
    """The facts of one move as it unfolds; conditions read it, rules update it.

    Defaults live on the class so that starting a move sets only a few attributes.
    """

    origin = -1
    direction = 0
    """0 counter-clockwise, 1 clockwise, -1 not chosen yet."""
    kind = ""
    """The name of the move kind."""
    stage = -1
    """The stage the move was played in (-1: between moves; read the state's)."""
    lifted = 0
    lap = 1
    """The number of the current lap (1 for the first)."""
    captured = 0
    first_captured = False
    last = -1
    lap_seq: tuple[int, ...] = ()
    lap_hand = 0
    first_ok = True
    sowings = 1
    """Laps the move took."""
    fired: tuple[str, ...] = ()
    """Names of the capture rules that fired, in order (rule coverage)."""
    first_taken: tuple[int, ...] = ()
    """Pits the first lap's capture takes (filled by look-ahead probes)."""
    end: Any = None
    """(end program, player) when an end condition fired in the middle of the move."""
    drops: dict[int, list[int]] = {}
    """With several kinds of piece: the kinds the current lap dropped into each pit, in order
    (read only; a move that drops pieces sets its own)."""
    trace: list[tuple[Any, ...]] | None = None
    """What the move did, step by step, when the game traces moves (`game.traced()`, for
    rulebook diagrams): ("lap", slots sown in order), ("take", pits, destination, pieces),
    ("place", slot). None otherwise (the per-move path pays one test)."""
    taken: tuple[tuple[int, int], ...] = ()
    """(slot, pieces) of each pit a capture emptied, in the order taken, over the whole move."""
    taken_kinds: tuple[tuple[int, int, int], ...] = ()
    """With several kinds of piece: (slot, kind index, pieces) of each capture, in order."""
    marks_before: list[int] | None = None
    """The marks at the start of the move, when the game has marks (for last_move_facts)."""
    decisions: tuple[int, ...] = ()
    """The actions of a finished move with decisions inside it, in order (empty for a move
    of one action: its start pit, `origin`)."""
    played: tuple[int, ...] = ()
    """With `decisions`: every decision of the move, those forced (one option) included."""
    forced: tuple[Any, ...] = ()
    """With `decisions`: (index in `played`, request, option) of each decision applied
    because it had one option."""
    before: Any = None
    """With `decisions`: the state at the start of the move (for writing the move down)."""
    threats: dict[int, frozenset[int]] | None = None
    """A cache for `threatened` look-aheads while marks are updated after this move."""

    def __init__(self, mover: int, origin: int = -1, direction: int = 0):
        self.mover = mover
        self.origin = origin
        self.direction = direction

    def sown_into(self, pit: int) -> bool:
        """Whether the current lap dropped a piece into `pit`."""
        try:
            return self.lap_seq.index(pit) < self.lap_hand
        except ValueError:
            return False
