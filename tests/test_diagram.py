"""Board diagrams: the sowing arrows of every shipped rulebook leave the pit counts readable."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.book.diagram import COUNT_ZONE, LABEL_SIZE, RADIUS, board_svg
from rulespec.book.render import PRINT_SCALE

BOOKS = Path(__file__).resolve().parent.parent / "docs" / "rulebooks"
PIT = re.compile(rf'<circle cx="([\d.]+)" cy="([\d.]+)" r="{RADIUS}"')
LINE = re.compile(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"[^>]*marker-end')
POLYLINE = re.compile(r'<polyline points="([^"]+)"[^>]*marker-end')


def _steps(svg: str) -> list[list[tuple[float, float]]]:
    """Every lap step drawn in a diagram, as its list of points."""
    steps = [[(float(a), float(b)), (float(c), float(d))] for a, b, c, d in LINE.findall(svg)]
    for points in POLYLINE.findall(svg):
        steps.append([tuple(map(float, p.split(","))) for p in points.split()])  # type: ignore[misc]
    return steps


def _near(p: tuple[float, float], q: tuple[float, float], r: float) -> bool:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 < r * r


def _crosses(a: tuple[float, float], b: tuple[float, float], pit: tuple[float, float],
             reach: float = RADIUS * 0.8) -> bool:
    """Whether the segment a-b runs over the count written at the pit's centre."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = min(1.0, max(0.0, ((pit[0] - a[0]) * dx + (pit[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return _near((a[0] + t * dx, a[1] + t * dy), pit, reach)


SVGS = sorted(BOOKS.glob("*-before.svg"))


@pytest.mark.parametrize("path", SVGS, ids=[p.stem for p in SVGS])
def test_sowing_arrows_cross_no_other_pit(path: Path) -> None:
    """A step from pit to pit, even a jump across the board (a three-rank board's middle row
    to the opponent's, a capture sown from the far end), keeps off every other pit's count."""
    svg = path.read_text(encoding="utf-8")
    pits = [(float(x), float(y)) for x, y in PIT.findall(svg)]
    for points in _steps(svg):
        ends = [p for p in pits if _near(p, points[0], RADIUS + 12) or _near(p, points[-1], RADIUS + 12)]
        others = [p for p in pits if p not in ends]
        for a, b in zip(points, points[1:]):
            crossed = [p for p in others if _crosses(a, b, p)]
            assert not crossed, f"{path.name}: the step {points} runs over the pit at {crossed[0]}"
            own = [p for p in ends if _crosses(a, b, p, COUNT_ZONE - 0.5)]
            assert not own, f"{path.name}: the step {points} runs over the count of its own pit at {own[0]}"


def test_the_diagrams_have_steps_to_check() -> None:
    """The check above reads real arrows: the shipped rulebooks draw lap steps, and some are
    jumps routed off the straight line."""
    svgs = [p.read_text(encoding="utf-8") for p in SVGS]
    assert sum(len(_steps(s)) for s in svgs) > 500
    assert any(POLYLINE.search(s) for s in svgs)


def test_pit_labels_print_at_eight_points_or_more() -> None:
    """A label of LABEL_SIZE diagram units, printed at PRINT_SCALE CSS px (0.75 pt) a unit."""
    assert LABEL_SIZE * PRINT_SCALE * 0.75 >= 8
    svg = (BOOKS / "kalah-example-7-after.svg").read_text(encoding="utf-8")
    assert f'font-size="{LABEL_SIZE}" text-anchor="middle">A</text>' in svg


FRAME = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none" '
                   r'stroke="black" stroke-width="2.2"/>')
LABEL = re.compile(rf'<text x="([\d.]+)" y="([\d.]+)" font-size="{LABEL_SIZE}" text-anchor="middle">')


@pytest.mark.parametrize("path", sorted(BOOKS.glob("*-after.svg")), ids=lambda p: p.stem)
def test_capture_frames_leave_the_labels_readable(path: Path) -> None:
    """A captured pit's frame ends above the baseline's cap height of the label below it and
    below the label above it."""
    svg = path.read_text(encoding="utf-8")
    for x, y, w, h in (tuple(map(float, f)) for f in FRAME.findall(svg)):
        for lx, ly in ((float(a), float(b)) for a, b in LABEL.findall(svg)):
            if x <= lx <= x + w:
                top, bottom = ly - LABEL_SIZE * 0.75, ly + 1  # the letters' extent around the baseline
                assert bottom < y - 1 or top > y + h + 1, f"{path.name}: a frame covers the label at {lx},{ly}"


def test_a_board_too_long_for_a_page_is_drawn_folded_with_every_pit_once() -> None:
    from rulespec.book.render import fold_for

    game = rulespec.load("en-gehe")  # forty pits a row
    columns = fold_for(game)
    assert columns is not None and columns < game.geo.width
    assert fold_for(rulespec.load("bao-la-kiswahili")) is None and fold_for(rulespec.load("omweso")) is None
    svg = board_svg(game.new_initial_state(), fold=columns)
    width = float(re.search(r'width="([\d.]+)"', svg)[1])
    labels = re.findall(rf'<text x="([\d.]+)" y="([\d.]+)" font-size="{LABEL_SIZE}" text-anchor="middle">(\w+)</text>',
                        svg)
    assert sorted(name for _, _, name in labels) == sorted(game.geo.label[q] for q in range(game.geo.n_pits))
    assert all(0 < float(x) < width for x, _, _ in labels)
    blocks = -(-game.geo.width // columns)
    assert svg.count("the rows go on below") == blocks - 1
    assert len({y for _, y, _ in labels}) == 2 * blocks  # two rows of labels in each block
