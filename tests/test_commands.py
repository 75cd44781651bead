"""Commands' handling of long runs and their own failures: progress lines, bad budgets,
internal errors reported as such."""
from __future__ import annotations

import io
import sys

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec import cli
from rulespec.progress import progress

runner = CliRunner()


@pytest.mark.parametrize("memory", ["nan", "inf", "-5", "0"])
def test_solve_refuses_a_memory_bound_that_is_no_positive_number(memory: str) -> None:
    result = runner.invoke(cli.app, ["solve", "kalah", "-p", "pits=3", "-p", "seeds=1", "--memory", memory])
    assert result.exit_code == 2
    assert "a positive number of megabytes" in result.output and "Traceback" not in result.output


def test_solve_prints_its_value_and_best_moves() -> None:
    result = runner.invoke(cli.app, ["solve", "kalah", "-p", "pits=4", "-p", "seeds=3"])
    assert result.exit_code == 0, result.output
    assert "value: +6" in result.output and "best first moves: B" in result.output


def _run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["rulespec", *args])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    return exited.value.code, capsys.readouterr().err


def test_an_internal_failure_is_reported_as_one(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture) -> None:
    import rulespec.solve

    def broken(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(rulespec.solve, "solve", broken)
    code, errors = _run_main(monkeypatch, capsys, "solve", "kalah", "-p", "pits=3", "-p", "seeds=1")
    assert code == 2
    assert "internal error: RecursionError at test_commands.py" in errors
    assert "please report it" in errors
    assert "too large" not in errors and "Traceback" not in errors


def test_running_out_of_memory_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    import rulespec.solve

    def hungry(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(rulespec.solve, "solve", hungry)
    code, errors = _run_main(monkeypatch, capsys, "solve", "kalah", "-p", "pits=3", "-p", "seeds=1")
    assert code == 1 and "ran out of memory" in errors and "lower --memory" in errors


def test_progress_off_a_terminal_is_plain_lines() -> None:
    stream = io.StringIO()
    with progress("solving kalah", unit="positions searched", stream=stream, every=0) as update:
        update(1_048_576, "value between -3 and +9")
        update(2_097_152, "value +6")
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("solving kalah: 1,048,576 positions searched, value between -3 and +9 (")
    assert lines[-1].startswith("solving kalah: 2,097,152 positions searched, value +6 (")


def test_progress_of_a_short_run_off_a_terminal_prints_nothing() -> None:
    stream = io.StringIO()
    with progress("games", total=10, unit="games", stream=stream) as update:
        update(10)
    assert stream.getvalue() == ""


@pytest.mark.parametrize("args, line", [
    (["lint", "kalah", "--games", "12", "--max-actions", "400"], "linting kalah: 12/12 random games"),
    (["fuzz", "kalah", "--games", "12"], "fuzzing kalah: 12/12 games"),
    (["match", "kalah", "random", "greedy", "-n", "4", "--workers", "1"], "kalah: matches: 4/4 games"),
    (["solve", "kalah", "-p", "pits=3", "-p", "seeds=2"], "positions searched, value +4 ("),
])
def test_long_commands_report_progress_off_a_terminal(monkeypatch: pytest.MonkeyPatch, args: list[str],
                                                      line: str) -> None:
    import rulespec.progress

    monkeypatch.setattr(rulespec.progress, "PLAIN_EVERY", 0)
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    assert line in result.stderr


def test_list_gives_board_origin_and_features_and_filters() -> None:
    result = runner.invoke(cli.app, ["list"])
    assert result.exit_code == 0, result.output
    assert ("bao-la-kiswahili: 4 × 8, no stores; East African coast (Zanzibar, Tanzania, Kenya); Swahili; stages"
            in result.output)
    names = runner.invoke(cli.app, ["list", "--names"]).output.split()
    assert "kalah" in names and len(names) == len(rulespec.shipped_variants())
    chosen = runner.invoke(cli.app, ["list", "--names", "--ranks", "4", "-f", "stages"]).output.split()
    assert "bao-la-kiswahili" in chosen and "kalah" not in chosen and "bao-la-kujifunza" not in chosen
