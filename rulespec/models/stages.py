"""Stages: named phases of the game with their own rules."""
from __future__ import annotations

from pydantic import Field

from .base import Block, Name
from .captures import CaptureRule
from .conditions import Condition
from .sowing import Sowing
from .turn import Turn


class Stage(Block):
    """A phase of the game. Blocks it gives replace the spec's top-level blocks while the
    stage lasts; the game moves to the next stage after a move at which `until` holds."""

    name: Name
    """The stage's name (e.g. kunamua)."""
    description: str | None = None
    """What happens in the stage, in a sentence (rulebook)."""
    turn: Turn | None = None
    """The turn block while the stage lasts (default: the spec's)."""
    sowing: Sowing | None = None
    """The sowing block while the stage lasts (default: the spec's)."""
    captures: list[CaptureRule] | None = None
    """The capture rules while the stage lasts (default: the spec's)."""
    until: Condition | None = Field(None)
    """After a move, if this holds, the next stage begins (the last stage never ends). It is
    tested before the marks are updated after the move: a mark the move sets is seen from the
    next move on (an end condition, tested after the marks, sees it at once)."""
