"""The common base of every rule block: strict, documented, location-friendly."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator


class Block(BaseModel):
    """A rule block. Unknown keys are errors (so a typo is reported, not ignored)."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
        populate_by_name=True,
        strict=True,
    )


class CountRange(Block):
    """An inclusive range of piece counts; either end may be left open."""

    min: int | None = Field(None, ge=0)
    """Smallest count that matches (inclusive)."""
    max: int | None = Field(None, ge=0)
    """Largest count that matches (inclusive)."""
    parity: Literal["even", "odd"] | None = None
    """Only even (0, 2, 4...) or only odd counts match. `count: even` is short for
    `count: {parity: even}`."""
    multiple_of: int | None = Field(None, ge=2)
    """Only multiples of this number match (e.g. 4: a pit of four, eight, twelve...)."""

    @model_validator(mode="before")
    @classmethod
    def _parity_word(cls, value: Any) -> Any:
        if value in ("even", "odd"):
            return {"parity": value}
        return value

    def matches(self, n: int) -> bool:
        """Whether the count `n` is in this range."""
        return ((self.min is None or n >= self.min) and (self.max is None or n <= self.max)
                and (self.parity is None or n % 2 == (self.parity == "odd"))
                and (self.multiple_of is None or n % self.multiple_of == 0))

    @property
    def arithmetic(self) -> bool:
        """Whether the range also tests parity or divisibility (not only its ends)."""
        return self.parity is not None or self.multiple_of is not None


def _count_tag(value: Any) -> str:
    if isinstance(value, dict) or isinstance(value, CountRange) or value in ("even", "odd"):
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
"""A piece count test: an exact number, a list of allowed numbers, a {min, max, parity,
multiple_of} range, or `even` / `odd`."""

NAME_PATTERN = r"^[A-Za-z][A-Za-z0-9_-]*$"
Name = Annotated[str, Field(pattern=NAME_PATTERN)]
"""An identifier used to refer to a role, a mark, a stage or a parameter."""
