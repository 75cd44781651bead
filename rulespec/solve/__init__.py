"""The exact solver: the value of a position under perfect play (the score margin, from the
first player's view) and the best first decisions. See `solve()`."""
from __future__ import annotations

from .solver import Solution, solve

__all__ = ["solve", "Solution"]
