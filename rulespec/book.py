"""Rulebooks: the spec rendered to Markdown through one Jinja template per rule block."""
from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from .english import condition_phrase, count_phrase, number, plural


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("rulespec", "templates/book"),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=False,
        keep_trailing_newline=True,
    )
    env.filters.update(number=number, plural=plural, count=count_phrase)
    return env


def render_markdown(game: Any) -> str:
    """The rulebook of a loaded game, as Markdown."""
    spec = game.spec
    terms = spec.board.terms
    env = environment()
    env.filters["when"] = lambda cond: condition_phrase(cond, terms)
    env.filters["start_when"] = lambda cond: condition_phrase(
        cond.model_copy(update={"side": None}) if cond.side == "own" else cond, terms)
    env.filters["pieces"] = lambda spec_count: count_phrase(spec_count, terms.piece, terms.pieces)
    state = game.new_initial_state()
    text = env.get_template("rulebook.md.j2").render(
        spec=spec, game=game, terms=terms, pieces=terms.pieces or terms.piece + "s",
        diagram=str(state), loaded=game.loaded,
    )
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text
