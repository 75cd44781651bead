"""The common base of every rule block: strict, documented, location-friendly."""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag


class Block(BaseModel):
    """A rule block. Unknown keys are errors (so a typo is reported, not ignored)."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
        populate_by_name=True,
    )


class CountRange(Block):
    """An inclusive range of piece counts; either end may be left open."""

    min: int | None = Field(None, ge=0)
    """Smallest count that matches (inclusive)."""
    max: int | None = Field(None, ge=0)
    """Largest count that matches (inclusive)."""


def _count_tag(value: Any) -> str:
    if isinstance(value, dict) or isinstance(value, CountRange):
        return "range"
    if isinstance(value, list):
        return "list"
    return "exact"


Count = Annotated[
    Annotated[Annotated[int, Field(ge=0)], Tag("exact")]
    | Annotated[list[Annotated[int, Field(ge=0)]], Tag("list")]
    | Annotated[CountRange, Tag("range")],
    Discriminator(_count_tag),
]
"""A piece count test: an exact number, a list of allowed numbers, or a {min, max} range."""

Name = Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")]
"""An identifier used to refer to a role, a mark, a stage or a parameter."""
