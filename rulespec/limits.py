"""The bounds rulespec puts on what it reads, in one place (docs/limits.md says why each).

Specs, positions and records come from other people. Each bound is far above what a real
game needs and low enough that no input can make a command run for hours, fill memory or
count past a machine integer.
"""
from __future__ import annotations

MAX_FILE_BYTES = 256 * 1024
"""A spec or record file: the largest shipped spec is about 12 KB. Parsing YAML in pure
Python takes some 25 ms per KB at worst, so no spec can keep `validate` busy for long."""
MAX_YAML_NODES = 100_000
"""Values in a spec with its YAML aliases expanded (a shipped spec has about 2,000): aliases
nested in aliases ("billion laughs") would otherwise expand a few lines into billions."""
MAX_PROBLEMS = 100
"""Problems reported per file; the rest are summarised in one line."""
MAX_PIECES = 2**30
"""Pieces in a game: the move kernel counts in 32 bits."""
MAX_MOVES_PLAYED = 2**31 - 1
"""A position's move counter."""
MAX_LAPS = 10_000
"""A sowing's `max_laps`: a move that needs more laps counts as endless."""
MAX_CHOICE = 256
"""A choice offered inside a move (`take: any`, a chain's `length`, a `choose` count):
the options of one decision, as the kernel holds them."""
MAX_TAKE = 2**30
"""A fixed `take`, `from_stock` or other piece count in a rule block."""
MAX_PENDING_DEPTH = 1
"""A snapshot's `pending` holds the position where the move began, which has none itself."""
MAX_PLAYS_PER_CALL = 5_000_000
"""Plays the look-ahead may make to decide one position's legal moves (the kernel's bound)."""
