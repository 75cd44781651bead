"""The board: ranks, pits, stores, the sowing circuit, names and roles."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from .base import Block, Name

DEFAULT_ROW_LABELS = {"front": ["A", "a"], "back": ["B", "b"], "middle": ["M", "m"]}


class Role(Block):
    """A named set of special pits, e.g. the house or the end pits of the front row.

    Pits are named from their owner's side (South's labels); each player has the same
    role on their own mirrored pits.
    """

    pits: list[str] = Field(min_length=1)
    """Pit labels from the owner's side, e.g. [A5]."""
    meaning: str
    """The plain-English word for the role (e.g. "house"), used by the rulebook's glossary."""
    description: str | None = None
    """What the role means in play, in a sentence."""


class Terms(Block):
    """The game's native words, used by the rulebook and the board drawing."""

    pit: str = "pit"
    """The word for a pit (house, hole, boma...)."""
    store: str = "store"
    """The word for a store (kalah, cup, prison...)."""
    piece: str = "seed"
    """The word for a piece (seed, stone, warrior...)."""
    pieces: str | None = None
    """Plural of `piece` (defaults to piece + 's')."""


class Board(Block):
    """The playing surface and how pits are named.

    Each player owns the row nearest to them (2 or 3 ranks; a 3-rank board's middle row is
    shared, or owned half by each player: `middle`) or the two rows nearest to them (4 ranks). Own pits are numbered 1.. from the
    owner's left, and a row is named by a letter (`row_labels`).
    """

    ranks: Literal[2, 3, 4] = 2
    """Rows of pits across the board."""
    pits: int = Field(ge=1, le=64)
    """Pits in each rank."""
    stores: Literal["none", "beside", "in_circuit"] = "none"
    """`beside`: each player has a store that captured pieces go to and that is never sown;
    `in_circuit`: each player's store sits at the player's right end of the circuit and can
    be sown into (as in Kalah); `none`: no stores."""
    middle: Literal["shared", "right_half", "left_half"] = "shared"
    """A 3-rank board's middle row: `shared` (nobody's; its pits are named M1.. from South's
    left), or each player owns the half of it on their `right_half` (or `left_half`), named
    M1.. from the owner's left like their own row (South's right half: M4 to M6 of six). The
    circuit runs along the mover's row, back along the middle row and along the opponent's row."""
    circuit: Literal["all", "own", "sides"] | None = None
    """The loop of pits a player sows along: `all` pits of the board, or only the player's
    `own` two ranks, or `sides`: the mover's own pits and then the opponent's, each in their
    owner's order (on 3 ranks with a split middle row: own row, own half of the middle row,
    the opponent's row and half, a figure of eight; on 2 ranks the same as `all`). Defaults to
    `all` on 2 and 3 ranks and `own` on 4 ranks."""
    notation: Literal["letters", "row-number"] = "row-number"
    """How pits are written: `letters` (A, B, C... from South's left; a, b, c... for North)
    or `row-number` (a row letter and a number from the owner's left, e.g. A5, b3)."""
    row_labels: dict[Literal["front", "back", "middle"], list[str]] = Field(
        default_factory=lambda: dict(DEFAULT_ROW_LABELS)
    )
    """Letters naming each row for South and North, e.g. front: [A, a]; rows not given keep
    their default letters (A/a front, B/b back, M/m middle)."""
    @field_validator("row_labels")
    @classmethod
    def _merge_row_labels(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        for row, letters in value.items():
            if len(letters) != 2:
                raise ValueError(f"row {row!r} needs two labels, South's and North's, e.g. [A, a]")
        return {**DEFAULT_ROW_LABELS, **value}

    terms: Terms = Terms()
    """The game's own words for pits, stores and pieces."""
    roles: dict[Name, Role] = Field(default_factory=dict)
    """Named special pits, e.g. house: {pits: [A5], meaning: house}."""
