"""A simultaneous opening: both players make the first move at once (a sowing race)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Block
from .conditions import Condition


class Opening(Block):
    """The game's first move is a race played by both players at once. Each chooses a start
    among their legal moves without seeing the other's choice (a simultaneous decision, as
    OpenSpiel models it); then both sow at the same pace, one piece each at a time, along their
    own circuits, each following the first stage's sowing, relay and capture rules (the captures
    while passing are made once both pieces of a step are in). A lap ending where the mover
    earns another turn lets that player choose a new start while the other sows on. A player's part of the race ends when their move would end; the race ends when both
    parts have; `next_player` says who moves next. Later rounds of a game of rounds begin
    normally."""

    kind: Literal["race"] = "race"
    """The only kind: both players sow at once, one piece each per step."""
    from_: Condition | None = Field(None, alias="from")
    """The pits a player may start the race from (tested on the pit, from that player's side),
    e.g. `{role: next_to_store}`; left out: any start the first stage allows. Only the first
    choice: a player choosing again inside the race may start anywhere the stage allows."""
    next_player: Literal["first_finished", "last_finished"] = "first_finished"
    """Who moves after the race: the player whose part ended first (`first_finished`), or the
    other one (`last_finished`). Parts ending at the same step: the game's first player."""
