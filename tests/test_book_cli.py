"""`rulespec book`: where each format is written, and Markdown on the screen without diagrams."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli import app

runner = CliRunner()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_html_without_output_is_written_here_by_the_games_name(here: Path) -> None:
    result = runner.invoke(app, ["book", "kalah", "-f", "html"])
    assert result.exit_code == 0, result.output
    assert (here / "kalah.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in here.iterdir()) == ["kalah.html"]


def test_pdf_without_output_is_written_here_by_the_games_name(here: Path) -> None:
    result = runner.invoke(app, ["book", "kalah", "-f", "pdf"])
    assert result.exit_code == 0, result.output
    assert (here / "kalah.pdf").read_bytes().startswith(b"%PDF")


def test_a_new_folder_ending_in_a_slash_gets_the_book_and_its_diagrams(here: Path) -> None:
    result = runner.invoke(app, ["book", "kalah", "-o", "newdir/"])
    assert result.exit_code == 0, result.output
    folder = here / "newdir"
    text = (folder / "kalah.md").read_text(encoding="utf-8")
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert figures and all((folder / name).is_file() for name in figures)
    assert sorted(p.name for p in here.iterdir()) == ["newdir"]


def test_an_existing_folder_gets_the_book(here: Path) -> None:
    (here / "out").mkdir()
    result = runner.invoke(app, ["book", "kalah", "-f", "html", "-o", "out"])
    assert result.exit_code == 0, result.output
    assert (here / "out" / "kalah.html").is_file()


def test_a_file_name_is_used_as_it_is(here: Path) -> None:
    result = runner.invoke(app, ["book", "kalah", "-f", "html", "-o", "rules.html"])
    assert result.exit_code == 0, result.output
    assert (here / "rules.html").is_file()


def test_markdown_on_the_screen_points_at_no_diagram(here: Path) -> None:
    result = runner.invoke(app, ["book", "kalah"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Kalah")
    assert ".svg" not in result.stdout and "![" not in result.stdout
    assert "## Worked examples" in result.stdout
    assert list(here.iterdir()) == []


def test_a_book_is_not_written_through_a_symbolic_link(here: Path) -> None:
    target = here / "elsewhere.txt"
    target.write_text("kept", encoding="utf-8")
    (here / "kalah.html").symlink_to(target)
    result = runner.invoke(app, ["book", "kalah", "-f", "html"])
    assert result.exit_code == 1
    assert target.read_text(encoding="utf-8") == "kept"
