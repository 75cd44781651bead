"""rulespec: mancala variants as YAML rule specs, and a generic engine that plays them.

    >>> import rulespec
    >>> game = rulespec.load("oware")
    >>> state = game.new_initial_state()
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5]
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import (IllegalActionError, LimitError, NotationError, ParameterError, Problem, RulespecError,
                     SpecError, UnknownVariantError)
from .loader import LoadedSpec, load_spec, load_spec_text, shipped_variants

__all__ = [
    "load", "load_text", "shipped_variants", "load_spec", "LoadedSpec",
    "RulespecError", "SpecError", "Problem", "UnknownVariantError", "ParameterError",
    "IllegalActionError", "NotationError", "LimitError", "parse_move",
]


def parse_move(state: Any, text: str) -> list[int]:
    """The actions of one whole move written in the game's notation (e.g. "A5<+" in Bao, "E05"
    in the Glass Bead Game), matched decision by decision against what is legal in `state`
    (left untouched); decisions with a default may be left off the end. NotationError when the
    text is not a legal move here. `state.apply_move(text)` plays it."""
    from rulespec.interpreter.notation import parse_move as parse

    return parse(state, text)


def load(name_or_path: str | Path, **params: Any):
    """A playable Game from a shipped variant's name or a YAML file's path."""
    from rulespec.interpreter import Game

    return Game(load_spec(name_or_path, **params))


def load_text(text: str, path: str = "<spec>", **params: Any):
    """A playable Game from YAML text (for tests and tools)."""
    from rulespec.interpreter import Game

    return Game(load_spec_text(text, path, **params))
