"""Rulebooks: the spec rendered through one Jinja template per rule block, as Markdown (with
SVG diagrams beside it), self-contained HTML (inline SVG, print CSS) or PDF (WeasyPrint)."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

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


def environment(page: bool = False) -> Environment:
    """The book's templates. The HTML page is autoescaped; in the Markdown ones every value
    has its '<' written as an entity, so text from a spec can never open an HTML tag (the
    Markdown still formats: a spec's notes may use *emphasis* and [links](https://...))."""
    env = Environment(
        loader=PackageLoader("rulespec.book", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=False,
        keep_trailing_newline=True,
        finalize=None if page else _no_tags,
    )
    env.filters.update(number=number, plural=plural, count=count_phrase, css_string=css_string)
    return env


def _no_tags(value: Any) -> Any:
    """A value as a Markdown template writes it: a '<' that could open HTML (a tag, a comment,
    an autolink) as '&lt;'; a move such as 'A6<' stays as it is. (The page template's values
    are escaped by autoescape instead.)"""
    return TAG_START.sub("&lt;", value) if type(value) is str else value


TAG_START = re.compile(r"<(?=[A-Za-z/!?])")


def css_string(text: str) -> str:
    """Text to put inside a CSS string ("..."): anything but letters, digits and plain
    punctuation as a CSS escape, so it can neither end the string nor the <style> element."""
    return "".join(c if c.isalnum() or c in " .,;:!?()-" else f"\\{ord(c):x} " for c in text)


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
        entry: dict[str, Any] = {"caption": ex.caption, "moves": ex.moves, "params": ex.params, "legal": ex.legal,
                                 "defaults": False, "before": None, "after": None, "ok": False}
        out.append(entry)
        try:
            played = example_game(game, i)
            entry["defaults"] = played is not game and not ex.params
            last = played.state_from_snapshot(dict(ex.position)) if ex.position else played.new_initial_state()
            after, problems = run_example(game, i)
            if not ex.moves:  # a position shown as it is (its legal moves, or a finished game)
                if not problems:
                    entry["ok"] = True
                    entry["before"] = f"{stem}-example-{i + 1}.svg"
                    figures[entry["before"]] = board_svg(last, title="The position")
                continue
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

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(book.markdown)

    def inline(match: re.Match[str]) -> str:
        """The book's own figures inlined; any other image (a spec's text may write one) is
        left as its alt text: a rulebook shows only what the project draws."""
        svg = book.figures.get(unquote(html.unescape(match.group(1))))  # (Markdown percent-encodes é)
        return f'<span class="svg-figure">{svg}</span>' if svg else match.group(2)

    body = re.sub(r'<img src="([^"]*)" alt="([^"]*)"[^>]*>', inline, body)
    env = environment(page=True)
    return env.get_template("page.html.j2").render(title=html.unescape(book.markdown.splitlines()[0].lstrip("# ")), body=body,
                                                   paper=PAPER[paper])


def to_pdf(book: Book, paper: str = "a4") -> bytes:
    """A PDF through WeasyPrint (the `pdf` extra)."""
    try:
        import weasyprint
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("PDF output needs WeasyPrint: pip install 'rulespec[pdf]'") from exc
    return weasyprint.HTML(string=to_html(book, paper), url_fetcher=inline_only()).write_pdf()


def inline_only() -> Any:
    """WeasyPrint's URL fetcher for rulebooks: it loads data: URIs and refuses everything else
    (file://, http(s)://, ...), so a spec's text cannot make a PDF read a local file or a
    rulebook build reach the network."""
    try:
        from weasyprint.urls import URLFetcher
    except ImportError:  # pragma: no cover - WeasyPrint before 66 takes a function
        from weasyprint import default_url_fetcher

        def fetch(url: str, *args: Any, **kwargs: Any) -> Any:
            if not url.startswith("data:"):
                raise ValueError(f"a rulebook loads nothing from outside: {url}")
            return default_url_fetcher(url, *args, **kwargs)

        return fetch
    return URLFetcher(allowed_protocols={"data"}, allow_redirects=False)


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
