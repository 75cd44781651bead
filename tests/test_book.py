"""Rulebooks: rendered from the blocks, in three formats, never disagreeing with the spec."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.book import render_book, to_html, to_pdf
from rulespec.book.layout import layout_problems
from rulespec.book.render import diagrams_apart, pdf_document
from seed_games import SEEDS

VARIANTS = rulespec.shipped_variants()
ROOT = Path(__file__).resolve().parent.parent


def markdown(text: str) -> str:
    """The rulebook of a spec without its examples (a changed rule may break them)."""
    text = text.split("\nexamples:", 1)[0] + "\n"
    return render_book(rulespec.load_text(text, "variant.yaml")).markdown


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_renders_cleanly(name: str) -> None:
    book = render_book(rulespec.load(name))
    text = book.markdown
    assert text.startswith("# ")
    assert not re.search(r"\b(None(?! of)|True|False)\b", text), "a Python value leaked into the rulebook"
    for raw in ("skip_origin", "count_before", "move_kind", "count_pits", "_side", "lifted_all", "{", "}"):
        assert raw not in text, f"{raw!r} leaked into the rulebook"
    headings = re.findall(r"^(#{1,2} .*)$\n+(?=#{1,2} )", text, flags=re.M)
    assert not headings, f"empty sections: {headings}"
    for section in ("## Equipment and setup", "## How moves are written", "## A turn, step by step",
                    "## Sowing", "## End of the game and scoring", "## Glossary", "## Sources and choices",
                    "## Quick reference"):
        assert re.search(rf"^## (\d+\. )?{re.escape(section[3:])}", text, flags=re.M), section
    for figure in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert figure in book.figures and book.figures[figure].startswith("<svg")


# The PDF layout of every variant is checked by `rulespec book --all -f pdf` (CI runs it: a
# layout problem is an error there); here the seed games and boards of other shapes.
PDF_CASES = sorted(SEEDS | {"congkak", "toguz-korgool", "hus", "omweso", "um-el-bagara", "en-gehe"})


@pytest.mark.parametrize("name", PDF_CASES)
def test_variants_render_to_html_and_pdf(name: str) -> None:
    from pypdf import PdfReader

    book = render_book(rulespec.load(name))
    html = to_html(book, "letter")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<img" not in html
    assert "size: 215.9mm 279.4mm" in html or "size: 279.4mm 215.9mm" in html  # letter, either way round
    document = pdf_document(book)
    assert layout_problems(document) == []
    assert diagrams_apart(document) == []  # every example's text on the page of its first diagram
    pdf = PdfReader(io.BytesIO(document.write_pdf()))
    pages = len(pdf.pages)
    assert pages >= 2
    assert "page 1 of" in pdf.pages[0].extract_text()
    assert rulespec.load(name).spec.name.split()[0] in pdf.pages[0].extract_text()


OWARE = rulespec.load_spec("oware").text
KALAH = rulespec.load_spec("kalah").text
BAO = rulespec.load_spec("bao-la-kiswahili").text

CHANGES = [
    (OWARE, "skip_origin: true", "skip_origin: false"),
    (OWARE, "grand_slam: forfeit", "grand_slam: allowed"),
    (OWARE, "count: [2, 3]}\n    take", "count: [2, 3, 4]}\n    take"),
    (OWARE, "direction: backwards", "direction: forwards"),
    (OWARE, "    to: store\n", "    to: removed\n"),
    (OWARE, "direction: counterclockwise", "direction: clockwise"),
    (OWARE, "obligations:\n  feed: {when: {opponent_side: 0}}\n", ""),
    (OWARE, "  - {kind: repetition, remaining: to_owner}\n", ""),
    (OWARE, "first_player: south", "first_player: north"),
    (KALAH, "  extra_turn: {store: true, side: own}\n", ""),
    (KALAH, "into_opponent_store: false", "into_opponent_store: true"),
    (KALAH, "counts: [store, own_pits]", "counts: [store]"),
    (BAO, "nearest_when: {role: kimbi}", "nearest_when: {role: kichwa}"),
    (BAO, "lifted: {max: 15}", "lifted: {max: 9}"),
    (BAO, "max_laps: $max_laps", "max_laps: 99"),
    (BAO, "unique: true", "unique: false"),
    (BAO, "until: {stocks: 0}", "until: {stocks: 2}"),
    (BAO, "stock: 22", "stock: 20"),
]


@pytest.mark.parametrize("text,old,new", CHANGES)
def test_a_field_that_changes_play_changes_the_rulebook(text: str, old: str, new: str) -> None:
    assert old in text
    assert markdown(text) != markdown(text.replace(old, new, 1))


def test_a_race_to_empty_ones_own_row_is_the_goal_and_a_plain_lap_simply_ends() -> None:
    """Waurie is won by the first player with no seed left in their holes, and its moves neither
    capture nor relay: the book says so, not "the most seeds" or a dangling "Otherwise"."""
    text = render_book(rulespec.load("waurie")).markdown
    assert "**The goal: be the first to have no seeds left in your holes.**" in text
    assert "fell.** Nothing is captured there, and no lap follows: your move is over." in text
    assert "fell.** Otherwise" not in text
    kalah = render_book(rulespec.load("kalah")).markdown
    assert "be the first to have no" not in kalah and "Nothing is captured there" not in kalah


def test_a_stepped_chain_and_a_chain_taken_with_its_opposites_are_said_to_the_player() -> None:
    """Dongjintian's capture over alternate empty and occupied holes and La'b Akila's run of
    twos and fours, each taken with the hole facing it."""
    text = render_book(rulespec.load("dongjintian")).markdown
    assert ("capture the counters of every second hole after it along the sowing, as long as each hole "
            "taken is occupied and each hole passed over is empty. Taking stops at two empty or two "
            "occupied holes in a row, or where it comes round to a hole already taken.") in text
    text = render_book(rulespec.load("lab-akila")).markdown
    assert ("the holes along the sowing after the hole where the lap ended, as long as each holds two or "
            "four counters, together with the hole facing each hole taken.") in text


@pytest.mark.parametrize("test,sentence", [
    ("{opponent_side: {min: 1}}", "It is only allowed if, once it is over (its captures made), your opponent's "
                                  "houses hold at least one seed in all."),
    ("{captured: true}", "It is only allowed if, once it is over (its captures made), your move has captured."),
    ("{side: opponent, count: 0}", "It is only allowed if, once it is over (its captures made), your move ended "
                                   "in one of your opponent's empty houses."),
])
def test_a_test_once_the_move_is_over_is_said_to_the_player(test: str, sentence: str) -> None:
    """require_after reads as a condition on the move's outcome, whether it asks about the
    position, the move or the pit where it ended."""
    kind = "direction: counterclockwise\n"
    text = OWARE.replace(kind, f"{kind}      require_after: {test}\n", 1)
    assert sentence in markdown(text)


def test_a_variation_is_named_as_a_difference_from_the_default() -> None:
    text = render_book(rulespec.load("oware", pits=5)).markdown
    assert "This rulebook is written for a variation: houses in each player's row is 5 instead of 6." in text
    assert "The board has two rows of five houses (an option: see Options and variations)" in text


def test_committed_rulebooks_are_current() -> None:
    folder = ROOT / "docs" / "rulebooks"
    for name in VARIANTS:
        book = render_book(rulespec.load(name))
        assert (folder / f"{book.name}.md").read_text(encoding="utf-8") == book.markdown, \
            "run `rulespec book --all -o docs/rulebooks`"
        for figure, svg in book.figures.items():
            assert (folder / figure).read_text(encoding="utf-8") == svg


def test_the_layout_check_finds_an_overfull_diagram() -> None:
    """The check itself: the widest board drawn without the print CSS that scales diagrams
    to the page runs off the page, and is reported."""
    import weasyprint

    book = render_book(rulespec.load("mefuvha"))  # sixteen pits a row, four rows: printed landscape and shrunk
    html = to_html(book).replace(".svg-figure svg { max-width: 100%; height: auto; }", "")
    problems = layout_problems(weasyprint.HTML(string=html).render())
    assert problems and all("overfull" in p or "clipped" in p for p in problems)
    assert layout_problems(weasyprint.HTML(string=to_html(book)).render()) == []


def test_an_example_diagram_draws_the_sowing() -> None:
    """Kiothi's leftmost-boma example: one lap (numbered 1) from the ringed A10 round North's
    row to A1, four captured boma framed, and eight warriors into South's prison."""
    book = render_book(rulespec.load("kiothi"))
    before = book.figures["kiothi-example-5-before.svg"]
    after = book.figures["kiothi-example-5-after.svg"]
    assert before.count('marker-end="url(#arrow)"') == 11  # A10 -> a1 ... a10 -> A1: eleven steps
    assert before.count('r="6.5" fill="black"') == 1  # one lap, one numbered disc
    assert 'stroke-width="3.5"' in before  # the start ringed
    assert after.count('fill="none" stroke="black" stroke-width="2.2"') == 5  # A1, a10, a9, a8, a7
    assert ">+8</text>" in after


def test_each_lap_is_drawn_and_numbered() -> None:
    """Bao's third example: a harvest sown from the right kichwa, a second harvest sown from
    the left one, then a relay lap: three laps, numbered 1 to 3, in three line styles."""
    svg = render_book(rulespec.load("bao-la-kiswahili")).figures["bao-la-kiswahili-example-3-before.svg"]
    assert svg.count('r="6.5" fill="black"') == 3
    for n in ("1", "2", "3"):
        assert f'fill="white" font-weight="bold">{n}</text>' in svg
    assert 'stroke-dasharray="7 4"' in svg and 'stroke-dasharray="2 3"' in svg


def test_pits_named_from_their_owners_side_are_given_in_each_players_labels() -> None:
    """A condition naming the opponent's A7, A8 or A9 (pits are named from their owner's side)
    reads in the labels on the board: North's a7, a8 or a9 while South moves, and South's own
    labels while North does; never South's labels for North's pits alone."""
    text = render_book(rulespec.load("kiothi")).markdown
    assert "of your opponent's bomas a7, a8 and a9 (A7, A8 and A9 when North moves) are occupied" in text
    assert "bomas A7, A8 and A9 (" not in text


def test_a_pdf_whose_layout_is_wrong_is_written_and_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rulespec.book.layout as layout
    from rulespec.book import write_book
    from rulespec.book.layout import LayoutError

    monkeypatch.setattr(layout, "layout_problems", lambda document: ["page 2: a diagram is clipped (1..2 outside 0..1)"])
    target = tmp_path / "kalah.pdf"
    with pytest.raises(LayoutError, match=r"kalah\.pdf: written, but its layout is wrong.*page 2: a diagram is clipped"):
        write_book(rulespec.load("kalah"), "pdf", target)
    assert target.read_bytes().startswith(b"%PDF")


def test_html_has_contents_and_links_that_resolve() -> None:
    html = to_html(render_book(rulespec.load("pallanguli")))
    assert '<nav class="toc">' in html and '<a href="#5-capturing">5. Capturing</a>' in html
    ids = set(re.findall(r' id="([^"]+)"', html))
    targets = re.findall(r'<a href="#([^"]+)"', html)
    assert len(targets) > 20 and set(targets) <= ids
    assert '<a href="#rule-5-1">§5.1</a>' in html


def test_pdf_has_a_bookmark_per_section() -> None:
    from pypdf import PdfReader

    pdf = PdfReader(io.BytesIO(to_pdf(render_book(rulespec.load("kalah")))))

    def titles(outline: list) -> list[str]:
        return [t for item in outline for t in (titles(item) if isinstance(item, list) else [item.title])]

    found = titles(pdf.outline)
    assert {"5. Capturing", "Worked examples", "Example Seven", "Notes for editors"} <= set(found)


@pytest.mark.parametrize("name,landscape", [("anywoli", True), ("enkeshui-twelve", True), ("tchouba", True),
                                            ("oware", False), ("toguz-korgool", False), ("bao-la-kiswahili", False),
                                            ("en-gehe", False)])
def test_a_board_too_wide_for_a_portrait_page_is_printed_on_a_landscape_one(name: str, landscape: bool) -> None:
    """A diagram whose pit labels would print under 8 pt on a portrait page goes, with its
    example, on a landscape page (a named page); on the page it is on they print at 8 pt or
    more. En Gehé's forty pits a row are drawn folded, on portrait pages."""
    from rulespec.book.render import PX_PER_MM, SIDE_MARGINS, label_pt

    book = render_book(rulespec.load(name))
    html = to_html(book)
    assert "@page wide { size: 297mm 210mm; }" in html and "size: 210mm 297mm;" in html
    figures = re.findall(r'<span class="svg-figure( wide)?"><svg [^>]*?width="([\d.]+)"', html)
    assert figures and any(wide for wide, _ in figures) == landscape
    for wide, width in figures:
        page_width = 297 if wide else 210
        assert label_pt(min(1.0, (page_width - SIDE_MARGINS) * PX_PER_MM / float(width))) >= 8
