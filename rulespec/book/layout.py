"""A printed book's layout checked from WeasyPrint's boxes: no diagram or line runs past the
page's content area (overfull), and no diagram is cut by a page's bottom edge (clipped)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import RulespecError


class LayoutError(RulespecError):
    """A rulebook was written but its pages are not right (a diagram or line past the page):
    a bug in rulespec's templates or diagrams, reported rather than shipped silently."""

TOLERANCE = 0.5
"""CSS pixels of rounding allowed at an edge."""


def _boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", None) or []:
        yield from _boxes(child)


def layout_problems(document: Any) -> list[str]:
    """Every box of a laid-out document (`weasyprint.HTML(...).render()`) that leaves its
    page's content area, as 'page N: what, where'."""
    problems = []
    for number, page in enumerate(document.pages, 1):
        page_box = page._page_box
        left, top = page_box.content_box_x(), page_box.content_box_y()
        right, bottom = left + page_box.width, top + page_box.height
        for box in _boxes(page_box):
            if box is page_box or not hasattr(box, "margin_width"):
                continue
            name = type(box).__name__
            if name.startswith(("Page", "Margin")) or getattr(box, "is_for_root_element", False):
                continue
            x, y = box.position_x, box.position_y
            width, height = box.margin_width(), box.margin_height()
            figure = "Replaced" in name
            what = "a diagram" if figure else f"a {getattr(box, 'element_tag', 'box')} box"
            if x + width > right + TOLERANCE or x < left - TOLERANCE:
                problems.append(f"page {number}: {what} is overfull ({x:.0f}..{x + width:.0f} "
                                f"outside {left:.0f}..{right:.0f})")
            if figure and (y < top - TOLERANCE or y + height > bottom + TOLERANCE):
                problems.append(f"page {number}: {what} is clipped ({y:.0f}..{y + height:.0f} "
                                f"outside {top:.0f}..{bottom:.0f})")
    return problems
