"""The starting position: pieces per pit, pieces in hand, the kinds of piece."""
from __future__ import annotations

from pydantic import Field

from .base import Block, Name


class PieceKind(Block):
    """A kind of piece and what it is worth when scores are counted."""

    name: Name
    """The kind's name (seed, stone, gem...)."""
    value: int = 1
    """Points the piece scores when captured."""
    symbol: str | None = None
    """How the piece is written in notation (defaults to its value)."""
    capturable: bool = True
    """Whether pieces of this kind can be captured (a capture leaves the others in place)."""


class Setup(Block):
    """Where the pieces are at the start. Pit labels are named from the owner's side and
    apply to both players (mirrored)."""

    per_pit: int = Field(0, ge=0)
    """Pieces in every pit unless `pits` says otherwise."""
    pits: dict[str, int] = Field(default_factory=dict)
    """Exceptions to `per_pit`, by pit label, e.g. {A5: 6, A6: 2}."""
    stock: int = Field(0, ge=0)
    """Pieces each player holds in hand at the start, to be brought into play."""
    kinds: list[PieceKind] = Field(default_factory=lambda: [PieceKind(name="seed")], min_length=1)
    """The kinds of piece. One plain kind unless the game says otherwise."""
    contents: dict[str, dict[str, int]] | None = None
    """With several kinds: the pieces of each pit by kind, by pit label (mirrored for North),
    e.g. {A: {stone: 1, gem1: 1}}. Replaces per_pit and pits."""
    layouts: dict[Name, dict[str, dict[str, int]]] = Field(default_factory=dict)
    """Alternative `contents`, by name, chosen with `layout` (usually a parameter)."""
    layout: str | None = None
    """Which of `layouts` is the starting position."""
    marks: dict[Name, list[str]] = Field(default_factory=dict)
    """Marks on pits at the start, e.g. {owned: [A5]} (both players)."""
