"""Game records in the Bao appendix's transcript format, for any variant."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli import app
from rulespec.records import RecordError, complete_moves, format_record, parse_record, replay

OPENING = """\
Variant: bao-la-kiswahili
South: S. Player

1: A7< a5<; North harvests the seed South left in A4
2: A6< a6<
3: A4> a2
"""


def test_a_record_replays_to_the_expected_position() -> None:
    game = rulespec.load("bao-la-kiswahili")
    record = parse_record(OPENING)
    assert record.header == {"Variant": "bao-la-kiswahili", "South": "S. Player"}
    assert [m.text for m in record.moves] == ["A7<", "a5<", "A6<", "a6<", "A4>", "a2"]
    assert record.comments == {4: "North harvests the seed South left in A4"}
    state, warnings = replay(game, record)
    # The appendix marks a kutakata with '*': South's two kutakata moves are written unmarked.
    assert [w.split(": ", 1)[1] for w in warnings] == [
        "move 1 (South): 'A7<' is not marked, but this move is written 'A7<*'",
        "move 2 (South): 'A6<' is not marked, but this move is written 'A6<*'"]
    rows = state.snapshot()["players"][0]["rows"]
    assert rows["A"] == [1, 0, 2, 4, 10, 1, 0, 1]


def test_kunamua_moves_may_omit_the_row_letter() -> None:
    game = rulespec.load("bao-la-kiswahili")
    full, _ = replay(game, parse_record(OPENING))
    short, _ = replay(game, parse_record(OPENING.replace("A7< a5<", "7< 5<").replace("3: A4> a2", "3: 4> 2")))
    assert short.snapshot() == full.snapshot()


def test_the_first_illegal_move_is_reported_with_its_line_and_the_legal_moves() -> None:
    game = rulespec.load("bao-la-kiswahili")
    with pytest.raises(RecordError) as info:
        replay(game, parse_record(OPENING.replace("2: A6< a6<", "2: A6< a9>")), "game.txt")
    problem = info.value.problem
    assert (problem.path, problem.line, problem.col) == ("game.txt", 5, 8)
    assert problem.message.startswith("move 2 (North): 'a9>' is not legal here")
    assert problem.message.endswith("legal moves: a7, a6>, a6<, a5>, a5<")


def test_an_unreadable_line_is_located() -> None:
    with pytest.raises(RecordError, match=r"<record>:3:1: cannot read this line"):
        parse_record("Variant: oware\n\nthis is not a move line\n")


def test_format_then_replay_round_trips_random_games() -> None:
    for name in ("oware", "kalah", "bao-la-kiswahili"):
        game = rulespec.load(name)
        rng = random.Random(5)
        state = game.new_initial_state()
        moves = []
        while not state.is_terminal() and len(moves) < 60:
            move = rng.choice(complete_moves(state))
            moves.append(move)
            from rulespec.interpreter.notation import parse_move

            for a in parse_move(state, move):
                state.apply_action(a)
        replayed, _ = replay(game, parse_record(format_record(game, moves)))
        assert replayed.snapshot() == state.snapshot()


def test_cli_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(OPENING)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "6 moves replayed" in result.output
    path.write_text(OPENING.replace("3: A4> a2", "3: A4> a9"))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert f"{path}:6:8: move 3 (North): 'a9' is not legal here" in result.output
