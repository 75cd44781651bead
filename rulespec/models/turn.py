"""Who moves, from where, and in which direction."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Block
from .conditions import Condition


class MoveKind(Block):
    """One way of starting a move. A turn offers the kinds in order and uses the first one
    that has a legal start (so earlier kinds have priority)."""

    name: str = "move"
    """A short name (shown in the rulebook and notation)."""
    from_: Condition = Field(Condition(side="own", count={"min": 1}), alias="from")
    """Which pits may start the move (tested on each candidate pit)."""
    lift: Literal["all", "one_from_stock"] = "all"
    """`all`: lift every piece from the pit; `one_from_stock`: drop one piece from the
    mover's stock into the pit, and treat the pit as where that lap ended."""
    direction: Literal["counterclockwise", "clockwise", "choice"] = "counterclockwise"
    """The sowing direction, or `choice` for the mover to decide (a separate decision)."""
    captures: bool = True
    """Whether this kind of move may capture at all."""
    require_capture: bool = False
    """Only starts whose move captures are legal under this kind (must capture if you can)."""
    require: Condition | None = None
    """Tested on the pit where the first lap ends: only starts where it holds are legal."""


class Turn(Block):
    """The shape of a turn."""

    first_player: Literal["south", "north"] = "south"
    """Who makes the first move."""
    moves: list[MoveKind] = Field(default_factory=lambda: [MoveKind()], min_length=1)
    """The ways a move may start, in priority order."""
    extra_turn: Condition | None = None
    """When the move ends on a pit where this holds, the mover moves again."""
