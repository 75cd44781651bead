"""Rulebooks: the spec rendered through one Jinja template per rule block, as Markdown (with
SVG diagrams beside it), self-contained HTML (inline SVG, print CSS) or PDF (WeasyPrint)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from .diagram import board_svg, changed_pits
from .english import condition_clauses, condition_phrase, count_phrase, number, plural

PAPER = {"a4": "210mm 297mm", "letter": "8.5in 11in"}


@dataclass
class Book:
    """A rendered rulebook: its Markdown text and the diagrams it refers to by file name."""

    name: str
    markdown: str
    figures: dict[str, str] = field(default_factory=dict)
    """File name -> SVG text."""


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("rulespec.book", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=False,
        keep_trailing_newline=True,
    )
    env.filters.update(number=number, plural=plural, count=count_phrase)
    return env


def slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def _examples(game: Any, stem: str, figures: dict[str, str]) -> list[dict[str, Any]]:
    """Each worked example replayed: before and after diagrams (the sowing path shaded). An
    example that does not replay is shown without diagrams, and says so."""
    from interpreter.notation import parse_move

    from ..errors import RulespecError
    from ..examples import example_game, run_example

    out = []
    for i, ex in enumerate(game.spec.examples):
        entry: dict[str, Any] = {"caption": ex.caption, "moves": ex.moves, "params": ex.params,
                                 "defaults": False, "before": None, "after": None, "ok": False}
        out.append(entry)
        try:
            played = example_game(game, i)
            entry["defaults"] = played is not game and not ex.params
            last = played.state_from_snapshot(dict(ex.position)) if ex.position else played.new_initial_state()
            after, problems = run_example(game, i)
            for move in ex.moves[:-1]:
                for a in parse_move(last, move):
                    last.apply_action(a)
            origin = last._starts[parse_move(last, ex.moves[-1])[0]][0].pit
        except RulespecError:
            continue
        if problems:
            continue
        entry["ok"] = True
        entry["before"], entry["after"] = f"{stem}-example-{i + 1}-before.svg", f"{stem}-example-{i + 1}-after.svg"
        figures[entry["before"]] = board_svg(last, origin=origin, title=f"Before {ex.moves[-1]}")
        figures[entry["after"]] = board_svg(after, highlight=changed_pits(last, after), title=f"After {ex.moves[-1]}")
    return out


def _without_own_side(cond: Any) -> Any:
    """A start condition minus 'one of your pits' (the sentence already says it), also
    inside a top-level `all`."""
    if cond.side == "own":
        cond = cond.model_copy(update={"side": None})
    if cond.all:
        cond = cond.model_copy(update={"all": [_without_own_side(c) for c in cond.all]})
    return cond


def render_book(game: Any) -> Book:
    """The rulebook of a loaded game."""
    spec = game.spec
    terms = spec.board.terms
    stem = slug(spec.name)
    figures: dict[str, str] = {}
    env = environment()
    env.filters["when"] = lambda cond: condition_phrase(cond, terms)
    env.filters["start_when"] = lambda cond: condition_phrase(_without_own_side(cond), terms)
    env.filters["start_clauses"] = lambda cond: condition_clauses(_without_own_side(cond), terms)
    initial = f"{stem}-initial.svg"
    figures[initial] = board_svg(game.new_initial_state(), title="The initial position")
    changed = {k: v for k, v in game.params.items() if spec.parameters[k].default != v}
    text = env.get_template("rulebook.md.j2").render(
        spec=spec, game=game, terms=terms, pieces=terms.pieces or terms.piece + "s",
        initial=initial, examples=_examples(game, stem, figures), changed=changed,
    )
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return Book(stem, text, figures)


def to_html(book: Book, paper: str = "a4") -> str:
    """Self-contained HTML: the Markdown rendered, each diagram inlined, print CSS."""
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(book.markdown)

    def inline(match: re.Match[str]) -> str:
        svg = book.figures.get(match.group(1))
        return f'<span class="svg-figure">{svg}</span>' if svg else match.group(0)

    body = re.sub(r'<img src="([^"]+)" alt="[^"]*" */?>', inline, body)
    env = environment()
    return env.get_template("page.html.j2").render(title=book.markdown.splitlines()[0].lstrip("# "), body=body,
                                                   paper=PAPER[paper])


def to_pdf(book: Book, paper: str = "a4") -> bytes:
    """A PDF through WeasyPrint (the `pdf` extra)."""
    try:
        import weasyprint
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("PDF output needs WeasyPrint: pip install 'rulespec[pdf]'") from exc
    return weasyprint.HTML(string=to_html(book, paper)).write_pdf()


def write_book(game: Any, fmt: str, output: Path, paper: str = "a4") -> list[Path]:
    """Write a rulebook; Markdown also writes its diagrams beside it. Returns the files written."""
    book = render_book(game)
    output.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "md":
        output.write_text(book.markdown, encoding="utf-8")
        written = [output]
        for name, svg in book.figures.items():
            (output.parent / name).write_text(svg, encoding="utf-8")
            written.append(output.parent / name)
        return written
    if fmt == "html":
        output.write_text(to_html(book, paper), encoding="utf-8")
        return [output]
    output.write_bytes(to_pdf(book, paper))
    return [output]
