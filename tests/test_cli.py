"""The command line: exit codes, one located line per problem, never a traceback."""
from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

import rulespec
from rulespec.cli import app

runner = CliRunner()

BAD = """\
name: Broken
board:
  ranks: 2
  pits: 6
  stores: besides
setup:
  per_pit: 4
sowng:
  skip_origin: true
end:
  - {kind: majority}
"""


def test_validate_ok_for_shipped_variants() -> None:
    result = runner.invoke(app, ["validate", "variants/oware.yaml", "variants/kalah.yaml"])
    assert result.exit_code == 0, result.output
    examples = len(rulespec.load_spec("oware").spec.examples)
    assert examples > 1
    assert f"variants/oware.yaml: ok (Oware; {examples} examples replayed)" in result.output


def test_validate_reports_every_problem_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BAD)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines == [
        f"{path}:5:11: 'besides' is not one of: none, beside, in_circuit (did you mean 'beside'?)",
        f"{path}:8:1: unknown key 'sowng' (did you mean 'sowing'?)",
    ]
    assert "Traceback" not in result.output


def test_validate_source_shows_a_caret(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BAD)
    result = runner.invoke(app, ["validate", "--source", str(path)])
    assert "    sowng:\n    ^" in result.output


def test_validate_unreadable_yaml(tmp_path: Path) -> None:
    path = tmp_path / "syntax.yaml"
    path.write_text("name: [unclosed\n")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:2:1: YAML syntax error")


def test_show_prints_summary_and_board() -> None:
    result = runner.invoke(app, ["show", "kalah", "--param", "seeds=3"])
    assert result.exit_code == 0, result.output
    assert "parameters: pits=6, seeds=3, empty_capture=False" in result.output
    assert "   3   3   3   3   3   3" in result.output


def test_show_says_what_the_opening_moves_by_hand() -> None:
    result = runner.invoke(app, ["show", "gabata-shoa-adegrat"])
    assert result.exit_code == 0, result.output
    assert "pieces moved by hand: 8 steps by the mover's opponent at game start and round start" in result.output
    assert "   5   3   5   3   5  4*" in result.output  # North's row after South's opening


def test_unknown_variant_suggests_a_name() -> None:
    result = runner.invoke(app, ["show", "owar"])
    assert result.exit_code == 1
    assert "unknown variant 'owar' (did you mean 'oware'?)" in result.output


def test_parameter_out_of_bounds() -> None:
    result = runner.invoke(app, ["show", "oware", "--param", "pits=40"])
    assert result.exit_code == 1
    assert "parameter 'pits' = 40: 40 is above the maximum 26" in result.output


def test_play_explains_an_illegal_move_and_goes_on() -> None:
    result = runner.invoke(app, ["play", "oware", "--opponent", "random"], input="Z\nlegal\nA\nquit\n")
    assert result.exit_code == 0, result.output
    assert "illegal move: 'Z': cannot read 'Z' here; legal: A, B, C, D, E, F" in result.output
    assert "legal: A, B, C, D, E, F" in result.output
    assert "computer plays" in result.output


def test_play_a_whole_game_against_itself_ends() -> None:
    # Trying A..F over and over always finds a legal pit, so the game must reach its end.
    moves = "\n".join(["A", "B", "C", "D", "E", "F"] * 60)
    result = runner.invoke(app, ["play", "kalah", "--opponent", "greedy"], input=moves + "\n")
    assert result.exit_code == 0
    assert "result: " in result.output and "game over" in result.output


def test_schema_check_passes() -> None:
    result = runner.invoke(app, ["schema", "--check"])
    assert result.exit_code == 0, result.output


def test_book_renders_markdown(tmp_path: Path) -> None:
    out = tmp_path / "oware.md"
    result = runner.invoke(app, ["book", "oware", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert text.startswith("# Oware")
    headings = ["1. Equipment", "3. A turn", "4. Sowing", "5. Capturing", "6. Feeding", "7. End of the game"]
    for heading in headings:
        assert f"\n## {heading}" in text
    assert "None" not in text and "skip_origin" not in text


def test_crosscheck_a_variant_against_its_spec_file() -> None:
    spec = Path(__file__).resolve().parents[1] / "variants" / "bao-la-kiswahili.yaml"
    result = runner.invoke(app, ["crosscheck", "bao-la-kiswahili", str(spec), "--games", "20"])
    assert result.exit_code == 0, result.output
    assert "agree over 20 random games" in result.output


def test_show_says_which_engine_plays() -> None:
    result = runner.invoke(app, ["show", "mefuvha"])
    assert result.exit_code == 0, result.output
    assert "engine: native code (moves, whole games and the solver)" in result.output


def test_help_labels_values_by_what_they_are(monkeypatch):
    """Every command's help names its values (N, FILE, VARIANT), with no Python type labels
    such as <bool> beside a flag, and a command's summary reads as one sentence."""
    monkeypatch.setenv("COLUMNS", "200")
    top = runner.invoke(app, ["--help"])
    assert top.exit_code == 0
    assert "notation (help at the prompt explains it;" in top.output
    for name in ["validate", "play", "book", "fuzz", "solve", "analyze", "match", "list"]:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, result.output
        assert not re.search(r"<(bool|int|str|float|file|path|list)", result.output), (name, result.output)
    play = runner.invoke(app, ["play", "--help"]).output
    assert re.search(r"--seed\s+N\s", play) and re.search(r"--from\s+FILE\s", play)
    assert re.search(r"--help\s+Show this message", play)
