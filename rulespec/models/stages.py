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
    description: str | None = None
    turn: Turn | None = None
    sowing: Sowing | None = None
    captures: list[CaptureRule] | None = None
    until: Condition | None = Field(None)
    """After a move, if this holds, the next stage begins (the last stage never ends)."""
