"""Who the game belongs to: names, region, sources. Rendered in the rulebook, ignored by play."""
from __future__ import annotations

from .base import Block


class Source(Block):
    """A citation the spec's rules come from."""

    title: str
    """Title of the document or web page."""
    author: str | None = None
    """Who wrote it."""
    year: int | None = None
    """When it was published."""
    url: str | None = None
    """Where to find it."""
    note: str | None = None
    """What this source is used for, or where it disagrees with others."""


class Origin(Block):
    """Where and by whom the game is played."""

    region: str | None = None
    """Country, region or people."""
    people: str | None = None
    """The people who play it."""
    period: str | None = None
    """When it is known from."""
