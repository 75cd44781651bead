"""Marks on pits that rules set, clear and test."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Block
from .conditions import Condition


class MarkRule(Block):
    """A named, per-pit flag. Set at setup (`setup.marks`) or after moves; tested with
    `{mark: name}` in any condition."""

    meaning: str
    """The plain-English meaning, for the glossary."""
    cleared_when: list[Literal["lifted", "emptied", "captured", "captured_this_move"]] = Field(
        default_factory=list
    )
    """Events that remove the mark: the pit is `lifted` by its owner, found `emptied` after
    a move, `captured` from, or its owner's move `captured_this_move`."""
    set_after_move: Condition | None = None
    """After each move, the mover's pits where this holds get the mark."""
