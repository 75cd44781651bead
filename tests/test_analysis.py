"""Balance analysis, matches and their commands: grids, summaries that add up, the report's
files, comparisons, Elo."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.analysis.analyze import GridError, analyze, parse_grid
from rulespec.analysis.report import write_report
from rulespec.analysis.stats import elo, wilson
from rulespec.cli import app

runner = CliRunner()


def test_parse_grid_reads_values_ranges_and_lists() -> None:
    assert parse_grid(["pits=4..6", "seeds=3,5", "empty_capture=true"]) == {
        "pits": [4, 5, 6], "seeds": [3, 5], "empty_capture": [True]}
    for bad in ("pits", "pits=6..4", "pits=a..b"):
        with pytest.raises(GridError):
            parse_grid([bad])


def test_wilson_interval_and_elo_order() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=0.001) and hi == pytest.approx(0.596, abs=0.001)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    results = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2 + [("b", "c", 1.0)] * 8 + [("b", "c", 0.0)] * 2
    ratings = elo(results)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500, abs=1)


def test_analysis_cells_add_up_and_the_report_is_written(tmp_path: Path) -> None:
    grid = parse_grid(["pits=3..4", "seeds=2"])
    a = analyze("kalah", grid, ("greedy", "random"), games=6, workers=1)
    assert [c.params for c in a.cells] == [{"seeds": 2, "pits": 3}, {"seeds": 2, "pits": 4}]
    assert a.grid == {"pits": [3, 4]} and a.fixed == {"seeds": 2}
    for s in a.summaries():
        assert s["games"] == 6 == s["south_wins"] + s["north_wins"] + s["draws"]
        assert s["south_win_ci95"][0] <= s["south_win_rate"] <= s["south_win_ci95"][1]
        assert s["fired_per_game"]["end: side_empty"] == 1.0  # every Kalah game ends that way
    assert "empty pit" in a.rules and "end: side_empty" in a.rules
    paths = write_report([a], tmp_path, pdf=False)
    names = {p.name for p in paths}
    assert {"analysis.json", "cells.csv", "games.csv", "report.html", "win-rate-1.png", "lengths.png",
            "rules.png"} <= names
    data = json.loads((tmp_path / "analysis.json").read_text())
    assert len(data[0]["cells"][1]["records"]) == 6
    rows = list(csv.DictReader((tmp_path / "cells.csv").open()))
    assert [r["pits"] for r in rows] == ["3", "4"] and rows[0]["games"] == "6"
    html = (tmp_path / "report.html").read_text()
    assert "pits=3" in html and "win-rate-1.png" in html and "empty pit" in html
    # the report says who played, and what that limits
    assert "greedy (the best score margin one move ahead; South, moves first)" in html
    assert "(uniformly random decisions; North)" in html
    assert "not under\nbest play" in html and "rulespec solve" in html


def test_the_same_seed_gives_the_same_analysis() -> None:
    grid = parse_grid(["pits=3"])
    one = analyze("oware", grid, ("random", "random"), games=4, workers=1)
    two = analyze("oware", grid, ("random", "random"), games=4, workers=2, batch_size=1)
    assert one.summaries() == two.summaries()


def test_analyze_command_compares_two_variants(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyze", "kalah", "oware", "-p", "pits=3", "-p", "seeds=2..3", "--players",
                                 "greedy,random", "-n", "4", "-o", str(tmp_path), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "kalah [seeds=2]: South wins" in result.output and "oware [seeds=3]: South wins" in result.output
    html = (tmp_path / "report.html").read_text()
    assert "a comparison" in html and "Kalah" in html and "Oware" in html
    assert (tmp_path / "win-rate-2.png").exists()
    pytest.importorskip("weasyprint")
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF")


def test_analyze_command_reports_bad_input_without_traceback() -> None:
    result = runner.invoke(app, ["analyze", "kalah", "-p", "pitz=3..4", "-n", "2"], env={"COLUMNS": "300"})
    assert result.exit_code != 0 and "pitz" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["analyze", "kalah", "--players", "mcst:2"], env={"COLUMNS": "300"})
    assert result.exit_code != 0 and "did you mean 'mcts'" in result.output


def test_match_command_prints_intervals_and_elo() -> None:
    result = runner.invoke(app, ["match", "kalah", "random", "greedy", "alphabeta:2", "--games", "4",
                                 "-p", "pits=4", "-p", "seeds=3", "--workers", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("random vs greedy, 4 games: win ") and "95% CI" in line for line in lines)
    assert "Elo (mean 1500):" in result.output
    assert sum(1 for line in lines if line.startswith("  ") and line.split()[-1].isdigit()) == 3


def test_play_against_a_search_player() -> None:
    result = runner.invoke(app, ["play", "kalah", "--opponent", "alphabeta:2", "--seat", "north"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert "computer plays" in result.output
    result = runner.invoke(app, ["play", "kalah", "--opponent", "mcst:2s"], input="quit\n", env={"COLUMNS": "300"})
    assert result.exit_code != 0 and "did you mean 'mcts'" in result.output
