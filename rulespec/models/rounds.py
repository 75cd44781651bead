"""A game of several rounds: pieces back to the stores, pits refilled, some out of play."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Block, Name


class Rounds(Block):
    """The game is played in rounds. When one of the `end` conditions holds, the round ends (its
    `remaining` rule is applied as usual); each player then refills their own pits from their
    store, `per_pit` pieces a pit in the stated `order`, and the pits they cannot fill are out of
    play for the next round. The game ends when a player cannot fill a single pit (or after
    `max_rounds`): all pieces are then in the stores, and the scores decide."""

    per_pit: int | None = Field(None, ge=1)
    """Pieces put into each pit at the start of a round (default: the setup's `per_pit`)."""
    order: Literal["first", "last"] = "first"
    """Which of a player's pits are filled first: from their `first` pit (A, the start of their
    row along the sowing) onwards, or from their `last` pit backwards. The pits left unfilled
    are at the other end."""
    out_of_play: Name | None = None
    """The mark an unfilled pit carries for the next round (declare it under `marks`; the
    sowing should skip it, `sowing.skip: {mark: ...}`). Pieces short of a whole pit stay in
    the store. None: an unfilled pit stays in play, empty."""
    to_opponent: Name | None = None
    """Pits a player cannot fill pass to the opponent for the next round: once both have filled
    their own, a player with pieces left fills the opponent's unfilled pits (in the opponent's
    filling order) and holds them, marked with this owned mark (declare it with
    `owned: true, holds_pit: true`: the pit is then theirs for every rule, Oware Nam-Nam). Each
    round starts from the rows again. None: the pits stay with their row's player."""
    next_player: Literal["loser", "winner", "first_player", "alternate", "last_mover"] = "loser"
    """Who moves first in the next round: the player who lost the round (fewer pieces in their
    store once it is over; after an even round the player who did not make its last move), the
    `winner` (after an even round, the same), the game's `first_player` every round, the
    players in turn (`alternate`: the game's first player starts the odd rounds, the other the
    even ones), or the player who made the round's last move (`last_mover`)."""
    max_rounds: int | None = Field(None, ge=0)
    """The game ends after this many rounds at most (left out or 0: no limit; a parameter can
    then offer a limit, since random play may take thousands of rounds to end a game)."""
