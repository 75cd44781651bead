"""A simultaneous opening: both players make the first move at once (a sowing race)."""
from __future__ import annotations

from typing import Literal

from .base import Block


class Opening(Block):
    """The game's first move is a race played by both players at once. Each chooses a start
    among their legal moves without seeing the other's choice (a simultaneous decision, as
    OpenSpiel models it); then both sow at the same pace, one piece each at a time, along their
    own circuits, each following the first stage's sowing, relay and capture rules. A lap ending
    where the mover earns another turn lets that player choose a new start while the other sows
    on. A player's part of the race ends when their move would end; the race ends when both
    parts have; `next_player` says who moves next. Later rounds of a game of rounds begin
    normally."""

    kind: Literal["race"] = "race"
    """The only kind: both players sow at once, one piece each per step."""
    next_player: Literal["first_finished", "last_finished"] = "first_finished"
    """Who moves after the race: the player whose part ended first (`first_finished`), or the
    other one (`last_finished`). Parts ending at the same step: the game's first player."""
