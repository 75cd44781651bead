"""A game of several rounds: pieces back to the stores, pits refilled, some out of play."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .base import Block, Name


class PartPit(Block):
    """The pit left partly filled between rounds (`rounds.part_pit`): once the players have
    filled every whole pit they can, the pieces each has left may make up one more pit between
    them, and it goes to the player who has more of them left, if that is at least `min`."""

    min: int = Field(ge=1)
    """The fewest pieces a player must have left, short of a whole pit, to fill one more pit,
    the opponent making up the rest from theirs (with four a pit and `min: 3`, three extra win
    the pit; one or two do not)."""
    tie: Literal["weaker", "stronger"] = "weaker"
    """When both have the same number left (two each, with four a pit), the pit goes to the
    `weaker` player (fewer pieces in all, who keeps the pit their row owes them), or to the
    `stronger`. Players with the same number of pieces in all fill no more pit."""


class Rounds(Block):
    """The game is played in rounds. When one of the `end` conditions holds, the round ends (its
    `remaining` rule is applied as usual); each player then refills their own pits from their
    store, `per_pit` pieces a pit in the stated `order`, and the pits they cannot fill are out of
    play for the next round. The game ends when a player cannot fill a single pit (with a
    `part_pit`: when a player would hold no pit), or after `max_rounds`: all pieces are then in
    the stores, and the scores decide."""

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
    part_pit: PartPit | None = None
    """A partly filled pit still won (needs `to_opponent`): once each player has filled the
    whole pits they can, the player with at least `part_pit.min` pieces left, and more left than
    the opponent, fills the first pit still unfilled (their own if they have one left, else the
    opponent's, which they then hold) and the opponent makes up the pieces it lacks. The game
    then ends when a player would hold no pit at all, rather than when they cannot fill one.
    None: the pieces short of a whole pit stay in the stores."""
    remainder: Literal["store", "next_pit", "next_pit_out_of_play"] = "store"
    """The pieces too few to fill one more pit: they stay in the `store`, or go into the player's
    next pit in the filling order (`next_pit`), which is then in play with fewer pieces than the
    others, or go into that pit, which is out of play like the empty ones: it carries the
    `out_of_play` mark too (`next_pit_out_of_play`; needs `out_of_play`, and a mark that play
    clears again, `clear_after_move: {count: {min: N}}`, brings it back). Either way the game
    then ends only when a player has no piece left to put out. Not with `to_opponent`."""
    clear_marks: list[Name] = Field(default_factory=list)
    """Marks removed from every pit when a new round begins: marks that play sets during a
    round (captured holes, say) where each round starts afresh. Marks left out of the list stay
    where they are (the rounds' own `out_of_play` and `to_opponent` are set again each round)."""
    next_player: Literal["loser", "winner", "first_player", "alternate", "last_mover"] = "loser"
    """Who moves first in the next round: the player who lost the round (fewer pieces in their
    store once it is over; after an even round the player who did not make its last move), the
    `winner` (after an even round, the same), the game's `first_player` every round, the
    players in turn (`alternate`: the game's first player starts the odd rounds, the other the
    even ones), or the player who made the round's last move (`last_mover`)."""
    max_rounds: int | None = Field(None, ge=0)
    """The game ends after this many rounds at most (left out or 0: no limit; a parameter can
    then offer a limit, since random play may take thousands of rounds to end a game)."""
