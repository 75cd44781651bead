"""Duties towards the opponent."""
from __future__ import annotations

from .base import Block
from .conditions import Condition


class Feeding(Block):
    """While `when` holds before a move, only moves that leave the opponent with pieces
    on their side are legal. If no move does, the mover has no legal move (see `end`)."""

    when: Condition = Condition(opponent_side=0)
    """When the duty applies (default: the opponent's side is empty)."""


class Obligations(Block):
    """Duties a player has towards the opponent."""

    feed: Feeding | None = None
    """Must give the opponent pieces to play with."""
