"""The terminal player: the board before every choice (also in an opening race), undo, hint,
resign, saving and going on from a record, the computer's move in words, the board turned
for North, the notation explained, and why a move cannot be played."""
from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli import app
from rulespec.players import make_player
from rulespec.records import parse_record, replay
from rulespec.terminal import TerminalGame
from rulespec.interpreter.notation import parse_move

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
"""Terminal control sequences (colours, cursor moves), left out of what a test reads."""


def scripted(variant: str, lines: list[str], seat: int = 0, opponent: str = "greedy",
             **params: object) -> tuple[TerminalGame, list[str]]:
    """A game played from typed lines (input ends after the last); what it said."""
    said: list[str] = []
    typed = iter(lines)

    def ask(prompt: str) -> str:
        said.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    game = rulespec.load(variant, **params)
    terminal = TerminalGame(game, variant, make_player(opponent), seat, make_player("greedy"),
                            say=said.append, ask=ask, params=dict(params))
    terminal.run()
    return terminal, said


class Terminal:
    """`rulespec ...` run in a pseudo-terminal: what it printed, and lines typed into it."""

    def __init__(self, *args: str):
        self.fd, child = pty.openpty()
        env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
        self.process = subprocess.Popen([sys.executable, "-m", "rulespec", *args], stdin=child, stdout=child,
                                        stderr=child, env=env, close_fds=True)
        os.close(child)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60) -> str:
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"no {text!r} in {self.seen[-2000:]!r}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536).decode("utf-8", "replace").replace("\r\n", "\n")
                    self.seen += ANSI.sub("", chunk)
                except OSError:  # the process ended
                    break
        assert text in self.seen, self.seen[-2000:]
        found = self.seen[:self.seen.index(text) + len(text)]
        self.seen = self.seen[len(found):]
        return found

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.process.wait(timeout=30)
        finally:
            os.close(self.fd)


def test_the_board_is_shown_before_each_choice_of_the_opening_race() -> None:
    terminal = Terminal("play", "sungka", "--opponent", "easy")
    try:
        first = terminal.expect("your move (")
        assert first.count("Sungka — opening race") == 1
        terminal.type("C")
        second = terminal.expect("your move (")
        assert "both start at once: C/" in second
        assert "Sungka — opening race" in second.split("both start at once")[1]  # the board after the starts
        terminal.type("quit")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_undo_goes_back_to_before_the_persons_last_move() -> None:
    terminal, said = scripted("kalah", ["B", "undo", "undo"])
    start = rulespec.load("kalah").new_initial_state()
    assert str(terminal.state) == str(start) and terminal.moves == []
    assert "took back your last move" in said
    assert "nothing to undo: you have not moved yet" in said


def test_a_hint_is_a_legal_move_in_notation() -> None:
    terminal, said = scripted("bao-la-kiswahili", ["hint"])
    hint = next(line for line in said if line.startswith("hint: "))
    move = hint.split()[1]  # written as a record writes it, with its suffix (kutakata: *)
    assert move.rstrip("*") in terminal.legal_moves()
    parse_move(terminal.state, move)


def test_resigning_ends_the_game_and_the_record_says_so(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    terminal, said = scripted("kalah", ["A", "resign"])
    assert said[-1] == "South resigned: North wins"
    terminal.save(str(record))
    assert "Result: North wins (South resigned)" in record.read_text()


@pytest.mark.parametrize("variant, moves", [("kalah", ["A", "B", "C"]), ("bao-la-kiswahili", ["A6<", "A5<"]),
                                            ("sungka", ["C", "A", "B"])])
def test_a_saved_game_replays_to_the_same_position(tmp_path: Path, variant: str, moves: list[str]) -> None:
    record = tmp_path / "game.txt"
    terminal, said = scripted(variant, [*moves, f"save {record}"])
    assert any(line.startswith(f"saved {len(terminal.moves)} moves to") for line in said)
    replayed, warnings = replay(terminal.game, parse_record(record.read_text()))
    assert str(replayed) == str(terminal.state) and warnings == []
    assert len(terminal.moves) >= len(moves)


def test_play_goes_on_from_a_saved_game(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    terminal, _ = scripted("oware", ["C", "D"], pits=5, seeds=3)
    terminal.save(str(record))
    assert "Parameters: pits=5 seeds=3" in record.read_text()
    result = runner.invoke(app, ["play", "--from", str(record), "--opponent", "easy"], input=f"save {record}\nquit\n")
    assert result.exit_code == 0, result.output
    assert str(terminal.state) in result.output
    again = parse_record(record.read_text())
    assert [m.text for m in again.moves] == terminal.moves


def test_the_computers_move_is_said_in_words() -> None:
    _, said = scripted("kalah", ["C", "A"])
    line = next(line for line in said if line.startswith("computer plays "))
    assert " seeds from " in line and ": sowed " in line


def test_the_board_is_turned_round_for_north() -> None:
    terminal, said = scripted("kalah", [], seat=1)
    rows = next(line for line in said if line.startswith("Kalah — ")).splitlines()
    assert rows[1].startswith("South:") and rows[-1].startswith("North:")
    assert rows[-2].split() == ["a", "b", "c", "d", "e", "f"]


def test_help_explains_this_games_notation() -> None:
    _, said = scripted("bao-la-kiswahili", ["help"])
    text = "\n".join(said)
    assert "your pits: A1 A2 A3 A4 A5 A6 A7 A8 B1" in text
    assert "direction: the direction of sowing: `<`" in text
    assert "`*` after a move: a move of the kind nyumba tax, kutakata or kutakata from the back row" in text
    assert "`**` after a move: the move sets the mark blocked" in text
    assert "hint" in text and "undo" in text and "save [FILE]" in text


def test_an_empty_pit_or_the_opponents_is_named_as_such() -> None:
    # Kalah: C's four seeds end in South's kalah, South moves again with C empty.
    _, said = scripted("kalah", ["C", "C", "c"])
    assert "C is empty; legal: A, B, D, E, F" in said
    assert "c is North's pit; you play from your own (A, B, D, E, F)" in said


def test_play_refuses_an_absurd_budget() -> None:
    result = runner.invoke(app, ["play", "kalah", "--opponent", "mcts:nans"])
    assert result.exit_code == 2
    assert "the seconds must be a finite number" in " ".join(result.output.replace("│", " ").split())


def test_a_long_command_on_a_terminal_shows_a_progress_bar() -> None:
    terminal = Terminal("fuzz", "kalah", "--games", "300")
    try:
        shown = terminal.expect("/300 games")
        assert "fuzzing kalah" in shown
        terminal.expect("kalah: 300 games")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_replay_reads_the_parameters_a_saved_game_names(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    terminal, _ = scripted("kalah", ["A", "B"], pits=4, seeds=3)
    terminal.save(str(record))
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    assert str(terminal.state) in result.output


def test_a_move_of_many_placements_is_prompted_part_by_part() -> None:
    # Omweso's arrangement: 16^32 whole moves; the prompt names the next part instead
    _, said = scripted("omweso", ["A1", "B1"])
    prompts = [s for s in said if s.startswith("your move (")]
    assert prompts[0] == ("your move (too many to list; type the move whole or part by part, the next part "
                          "one of A1): ")
    own = "B1, B2, B3, B4, B5, B6, B7, B8, A8, A7, A6, A5, A4, A3, A2, A1"
    assert prompts[1] == prompts[2] == ("your move (too many to list; type the move whole or part by part, "
                                        f"the next part one of {own}): ")
