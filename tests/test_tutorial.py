"""The tutorial (docs/writing-a-variant.md) prints what the commands print: its spec is built
step by step from its own YAML blocks and checked with the command it shows."""
from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from rulespec.cli import app

TUTORIAL = Path(__file__).parent.parent / "docs" / "writing-a-variant.md"


def steps() -> dict[int, str]:
    """Each numbered section's text."""
    parts = re.split(r"^## (\d+)\. .*$", TUTORIAL.read_text(encoding="utf-8"), flags=re.M)
    return {int(number): body for number, body in zip(parts[1::2], parts[2::2])}


def blocks(text: str, language: str) -> list[str]:
    """The fenced blocks of one language ("": plain), in order."""
    fenced = re.findall(r"^```(\w*)\n(.*?)^```$", text, flags=re.M | re.S)
    return [body for info, body in fenced if info == language]


def shown_run(text: str) -> tuple[list[str], str]:
    """The command a step shows (after `$ `) and what it prints."""
    for block in blocks(text, ""):
        if block.startswith("$ "):
            command, _, printed = block.partition("\n")
            return command[2:].split()[1:], printed
    raise AssertionError("no command shown")


def check_step(number: int, spec: str, folder: Path, monkeypatch) -> None:
    (folder / "vlt.yaml").write_text(spec, encoding="utf-8")
    monkeypatch.chdir(folder)
    args, printed = shown_run(steps()[number])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.output == printed


def test_each_step_prints_what_the_tutorial_shows(tmp_path: Path, monkeypatch) -> None:
    text = steps()
    spec = blocks(text[2], "yaml")[0] + blocks(text[3], "yaml")[0]
    check_step(3, spec, tmp_path, monkeypatch)
    spec = spec.replace("clokwise", "clockwise") + blocks(text[4], "yaml")[0]
    check_step(4, spec, tmp_path, monkeypatch)
    spec = spec.replace("whille", "while") + blocks(text[5], "yaml")[0]
    (tmp_path / "vlt.yaml").write_text(spec, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", "vlt.yaml"])
    assert result.exit_code == 0, result.output
