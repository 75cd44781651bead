"""The shipped rulebooks read as a person would write them: no garbled or nested clauses, no
over-long sentence in the rules, nothing of the project's tooling in the players' part, and
every sign the examples write defined where the notation is explained."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.book import render_book, slug
from rulespec.examples import example_game

BOOKS = Path(__file__).resolve().parent.parent / "docs" / "rulebooks"
NAMES = {slug(rulespec.load(name).spec.name): name for name in rulespec.shipped_variants()}

MAX_WORDS = 60
"""The longest sentence a rule section may have."""

RULE_SECTIONS = ("Equipment and setup", "How moves are written", "A turn, step by step", "Sowing",
                 "Capturing", "Marked", "Stages", "Feeding", "End of the game", "Quick reference")
TOOLING = re.compile(r"rulespec|\bmutat|openspiel|\bengine\b|\bkernel\b|\binterpreter\b|\bfuzz|garbled|"
                     r"\bspec\b|\bthis file\b|\b[a-z_]+ = (?:true|false|\d)|\b[a-z]+_[a-z_]+\b|\bYAML\b", re.I)


def players_part(text: str) -> str:
    """The book up to its editors' notes."""
    return text.split("\n## Notes for editors", 1)[0]


def sections(text: str) -> dict[str, str]:
    parts = re.split(r"^## ", text, flags=re.M)[1:]
    return {re.sub(r"^\d+\. ", "", title): body for title, _, body in (p.partition("\n") for p in parts)}


def sentences(body: str) -> list[str]:
    body = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", body)
    out = []
    for line in body.splitlines():
        out += re.split(r"(?<=[.!?:])\s+(?=[A-Z*])", line.strip())
    return [s for s in out if s]


def rule_sentences(text: str) -> list[str]:
    return [s for title, body in sections(text).items() if title.startswith(RULE_SECTIONS)
            for s in sentences(body)]


@pytest.fixture(scope="module", params=sorted(NAMES))
def book(request: pytest.FixtureRequest) -> tuple[str, str]:
    return request.param, (BOOKS / f"{request.param}.md").read_text(encoding="utf-8")


def test_no_noun_is_said_twice_over(book: tuple[str, str]) -> None:
    """'a cup that is a cup that holds ...'"""
    garbled = re.findall(r"\b(\w+) that is (?:an?|the) \1s?\b[^.]*", book[1])
    assert not garbled


def test_no_clause_is_nested_in_another_like_it(book: tuple[str, str]) -> None:
    """'a cup that is followed ... by a cup that is followed ... by ...'"""
    assert not re.search(r"that is followed[^.]*that is followed", book[1])


def test_no_sentence_of_the_rules_is_too_long(book: tuple[str, str]) -> None:
    long = [s for s in rule_sentences(book[1]) if len(s.split()) > MAX_WORDS]
    assert not long, f"{len(long)} sentences over {MAX_WORDS} words, the first: {long[0]}"


def test_the_players_part_names_no_tool_and_no_option_key(book: tuple[str, str]) -> None:
    words = re.sub(r"<https?://[^>]*>|\]\([^)]*\)", "", players_part(book[1]))  # links and figure files
    found = sorted({m.group(0) for m in TOOLING.finditer(words)})
    assert not found


def test_editors_notes_come_last(book: tuple[str, str]) -> None:
    text = book[1]
    if "## Notes for editors" in text:
        assert not re.search(r"^## ", text.split("## Notes for editors", 1)[1], flags=re.M)


def test_every_sign_the_examples_write_is_defined(book: tuple[str, str]) -> None:
    """Each part of a move that is not a pit's name (an arrow, a +, a store's letter, a
    suffix) appears, as written, in How moves are written."""
    name, text = book
    game = rulespec.load(NAMES[name])
    boards = [example_game(game, i).geo for i in range(len(game.spec.examples))] + [game.geo]
    labels = sorted({geo.label[q] for geo in boards for q in range(geo.n_pits)}, key=len, reverse=True)
    notation = sections(text)["How moves are written"]
    defined = set(re.findall(r"`([^`]+)`", notation)) | set(re.findall(r"\*\*([^*]+)\*\*", notation))
    numbers = "number" in notation or "symbols" in notation
    moves = [m for line in re.findall(r"\bMoves?: (.+?)(?:; the diagrams|\.(?: |$))",
                                         sections(text).get("Worked examples", ""), flags=re.M)
             for m in line.split(", ")]
    assert moves
    pit = re.compile("|".join(re.escape(x) for x in labels))
    for move in moves:
        rest = pit.sub(" ", move)
        for sign in re.findall(r"[A-Za-z]+|[^\sA-Za-z0-9]|[0-9]+", rest):
            if sign.isdigit() and numbers:
                continue
            assert any(sign in d for d in defined), f"{move}: {sign!r} is not explained in the notation"


def test_the_checks_find_what_they_look_for() -> None:
    """The checks above, on sentences written the way the issue quoted them."""
    assert re.findall(r"\b(\w+) that is (?:an?|the) \1s?\b", "as soon as a cup is a cup that is a cup that holds")
    assert re.search(r"that is followed[^.]*that is followed",
                     "a cup that is followed, along the sowing, by an empty cup that is followed, along")
    assert TOOLING.search("Rule changes (found by rulespec mutate)") and TOOLING.search("empty_capture = true")
    assert not TOOLING.search("Sow the seeds of the house anticlockwise; the specific rule holds.")


def test_the_rendered_books_are_those_checked() -> None:
    """The checks read the committed books; they are the rendered ones (see test_book)."""
    book = render_book(rulespec.load("pallanguli"))
    assert (BOOKS / f"{book.name}.md").read_text(encoding="utf-8") == book.markdown


def test_every_rule_cited_is_numbered_in_the_book(book: tuple[str, str]) -> None:
    text = book[1]
    heads = set(re.findall(r"^\*\*(\d+\.\d+) ", text, flags=re.M))
    cited = set(re.findall(r"§(\d+\.\d+)", text)) - {"5.1"}  # the explanation's own instance
    assert "§[" not in text
    assert cited <= heads, f"cited but not numbered: {sorted(cited - heads)}"


def test_the_examples_cite_the_rules_they_show() -> None:
    text = (BOOKS / "pallanguli.md").read_text(encoding="utf-8")
    assert re.search(r"^\*\*5\.1 Beyond the empty cup\.\*\*", text, flags=re.M)
    assert "Rules shown: §4.1 pasu, §5.1 beyond the empty cup." in text
    assert "Capture (beyond the empty cup, §5.1)" in text


def test_editors_notes_are_kept_out_of_the_rules() -> None:
    spec = rulespec.load_spec("kalah").text.replace(
        "editor_notes:\n", "editor_notes:\n  - \"Found by a tool: nothing for players.\"\n", 1)
    text = render_book(rulespec.load_text(spec, "kalah.yaml")).markdown
    players, editors = text.split("\n## Notes for editors", 1)
    assert "Found by a tool" in editors and "Found by a tool" not in players
