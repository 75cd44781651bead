"""The position format: a snapshot of a state, as JSON or YAML (docs/positions.md)."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from ..limits import MAX_MOVES_PLAYED
from .base import Block


class PlayerPosition(Block):
    """One player's part of a position."""

    pits: list[int] | None = None
    """Pieces in the player's own pits, in the player's sowing (action) order."""
    rows: dict[str, list[int]] | None = None
    """Instead of `pits`: pieces per row, by the row's letter, each from the owner's left
    (e.g. {A: [0, 0, 0, 0, 6, 2, 2, 0], B: [0, 0, 0, 0, 0, 0, 0, 0]}). Snapshots of 4-rank
    boards report both; when reading, `rows` wins."""
    store: int = Field(0, ge=0)
    """Pieces in the player's store (captured)."""
    hand: int = Field(0, ge=0)
    """Pieces the player still holds in stock."""
    score: int | None = None
    """Reported by snapshot(); ignored when a position is read."""
    contents: list[dict[str, int]] | None = None
    """With several kinds of piece: each own pit's pieces by kind, in the order of `pits`
    (then `pits` may be left out)."""
    store_contents: dict[str, int] | None = None
    """With several kinds of piece: the store's pieces by kind."""


class Pending(Block):
    """A move in progress: the position at its start and the decisions made so far."""

    position: dict[str, Any]
    decisions: list[str]


class Position(Block):
    """A snapshot: everything needed to continue play."""

    variant: str | None = None
    params: dict[str, Any] | None = None
    to_move: int | None = Field(0, ge=0, le=1)
    """0 = South, 1 = North; None when the game is over."""
    stage: str | None = None
    """The current stage; left out, it is inferred from the stages' `until` conditions where the
    position decides them (e.g. `stocks: 0`), and refused where it does not."""
    partial: bool = False
    """A fragment (a corner of the board, a puzzle): pieces the position does not place are out
    of play (counted as removed). Never more pieces, of any kind, than the game's set."""
    moves_played: int = Field(0, ge=0, le=MAX_MOVES_PLAYED)
    race: bool | dict[str, Any] = False
    """A position of the spec's opening race: `true` at its start (both players choose their
    first move at once), or the race in progress as a snapshot gives it (each player's part:
    choosing, the pieces still to sow and where, the step it finished at)."""
    round: int = Field(1, ge=1, le=MAX_MOVES_PLAYED)
    """Games of several rounds: the round being played (1 for the first); the pits out of play
    in it are those carrying the rounds' `out_of_play` mark."""
    players: list[PlayerPosition] = Field(min_length=2, max_length=2)
    shared: list[int] | None = None
    """Pieces in the shared middle row of a 3-rank board, from South's left."""
    removed: int = Field(0, ge=0)
    in_hand: int = Field(0, ge=0)
    marks: dict[str, list[str]] = Field(default_factory=dict)
    variables: dict[str, int | str | list[int | str]] = Field(default_factory=dict)
    """The spec's variables (those left out have their values at the start): a game's value,
    or a player's as [South's, North's]; numbers or the variable's value names."""
    terminal: bool = False
    returns: list[float] | None = None
    repetition: list[list[int]] | None = None
    """Positions seen since the last capture (games that end on repetition)."""
    pending: Pending | None = None
