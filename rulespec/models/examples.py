"""Worked examples: a position, moves, and what must follow. Also regression tests."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from .base import Block


class Example(Block):
    """A worked example. `position` is a snapshot (docs/positions.md); `moves` are written
    in the game's notation; `expect` lists snapshot keys that must hold afterwards."""

    caption: str
    """What the example shows, in a sentence or two (the rulebook's caption)."""
    params: dict[str, Any] = Field(default_factory=dict)
    """Parameter values the example is played with (default: the spec's)."""
    position: dict[str, Any] | None = None
    """The position before the moves (default: the initial position)."""
    moves: list[str]
    """The moves played, in the game's notation (a whole move may be one string); `[]` to
    check a position as it is (e.g. a finished game, or its legal moves)."""
    expect: dict[str, Any] = Field(default_factory=dict)
    """Keys of the resulting snapshot (e.g. players, to_move, terminal) and their values."""
    legal: list[str] | None = None
    """If given, the exact legal whole moves of the position, before the moves. Each is written
    as the game records a move: its decisions run together with no spaces, in the order they are
    made, and a decision the rules leave to their default is left out (`C<`: pit C, then sown
    to the left; `A1/a1`: a pair of race starts; `A`: pit A with no decision). An example whose
    `legal` is wrong prints the legal moves in this form."""
