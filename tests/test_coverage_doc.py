"""docs/coverage.md agrees with itself and with the catalogue: its summary counts its rows, and
every game it calls shipped is a spec in variants/."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATUSES = {"shipped": "shipped", "exact": "exact (not shipped yet)", "approximate": "approximate",
            "not expressible": "not expressible"}


def rows() -> list[list[str]]:
    """The game rows: name, board, file, sources, status, notes."""
    out = []
    for line in (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) == 6 and cells[2].startswith("`") and cells[2].endswith(".lud`"):
            out.append(cells)
    return out


def test_the_summary_counts_the_rows() -> None:
    text = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    counted = Counter(next((k for k in STATUSES if r[4].startswith(k)), r[4]) for r in rows())
    assert set(counted) <= set(STATUSES), counted
    for key, label in STATUSES.items():
        said = re.search(rf"^\| {re.escape(label)} \| (\d+)", text, re.M)
        assert said is not None, label
        assert int(said.group(1)) == counted[key], (label, counted[key])
    total = re.search(r"^\| total \| (\d+)", text, re.M)
    assert total is not None and int(total.group(1)) == len(rows())


def test_every_shipped_row_names_a_spec_of_the_catalogue() -> None:
    for name, *_, status, _ in rows():
        if status.startswith("shipped"):
            files = re.findall(r"`(variants/[^`]+\.yaml)`", status)
            assert files, name
            for file in files:
                assert (ROOT / file).is_file(), (name, file)


NO_RULES = ("no documented rules", "no rules documented")


def ranked() -> list[tuple[str, int, list[str]]]:
    """The constructs that are the first need of an approximate or not-expressible game with
    documented rules (the notes up to the first ';'), most needed first, with their games."""
    games: dict[str, list[str]] = {}
    for name, *_, status, notes in rows():
        if status in ("approximate", "not expressible") and not notes.startswith(NO_RULES):
            games.setdefault(notes.split(";")[0].strip(), []).append(name)
    return sorted(((c, len(g), sorted(g)) for c, g in games.items()), key=lambda x: (-x[1], x[0]))


def ranked_table() -> str:
    lines = ["| rank | construct | games | for example |", "|---|---|---|---|"]
    for i, (construct, n, names) in enumerate(ranked(), 1):
        shown = ", ".join(names[:4]) + (", ..." if n > 4 else "")
        lines.append(f"| {i} | {construct} | {n} | {shown} |")
    return "\n".join(lines)


def test_the_ranked_table_counts_the_first_needs() -> None:
    """Run this file as a script to print the table."""
    assert ranked_table() in (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")


if __name__ == "__main__":
    print(ranked_table())
