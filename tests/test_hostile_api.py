"""Hostile positions and calls through the Python API: refused with a precise error, never a
crash. The move kernel checks what it is handed itself, so a gap on the Python side cannot
reach memory either (the kernel is called directly below)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.interpreter import kernel
from rulespec.interpreter.snapshot import PositionError
from rulespec import NotationError, RulespecError

HOSTILE = Path(__file__).parent / "hostile"
THREE = (HOSTILE / "kernel-shared-row.yaml").read_text()


def test_the_shared_row_spec_that_crashed_the_kernel_is_refused_in_a_subprocess():
    """Issue #11: a negative count in `shared` reached the kernel, whose count loop wrote past
    its options array (SIGSEGV). Run in a child so a crash fails the test, not the suite."""
    done = subprocess.run([sys.executable, "-m", "rulespec", "validate", str(HOSTILE / "kernel-shared-row.yaml")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "shared has a negative count" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.fixture(scope="module")
def three():
    from rulespec.loader import load_spec_text
    from rulespec.interpreter import Game

    text = THREE.split("examples:")[0]
    return Game(load_spec_text(text, "three.yaml"))


def snap(**over):
    base = {"players": [{"pits": [2, 2, 2, 2]}, {"pits": [2, 2, 2, 2]}], "shared": [2, 2, 2, 2]}
    base.update(over)
    return base


@pytest.mark.parametrize("position, message", [
    (snap(shared=[-1000, 2, 2, 1004]), "shared has a negative count"),
    (snap(shared=[2, 2, 2]), "shared has 3 counts; the middle row has 4 pits"),
    (snap(shared=[2, 2, 2, 2, 0]), "shared has 5 counts"),
    (snap(players=[{"pits": [2, 2, 2, -2]}, {"pits": [2, 2, 2, 6]}]), "negative count"),
    (snap(players=[{"pits": [2, 2, 2, 2], "hand": -1}, {"pits": [2, 2, 2, 2]}]), "players.0.hand"),
    (snap(moves_played=10**30), "moves_played"),
    (snap(moves_played=-1), "moves_played"),
    (snap(terminal=True, to_move=None, returns=[5, 7, 9]), "returns"),
    (snap(terminal=True, to_move=None, returns=[1, 1]), "returns"),
    (snap(shared=[2, 2, 2, 2 + 2**40]), "pieces"),
    (None, "a position is a mapping"),
    ([1, 2], "a position is a mapping"),
])
def test_bad_positions_are_refused_before_anything_is_built(three, position, message):
    with pytest.raises(PositionError, match=message):
        three.state_from_snapshot(position)


def test_a_board_without_a_middle_row_refuses_one():
    game = rulespec.load("kiothi")
    position = game.new_initial_state().snapshot()
    position["shared"] = [1, 2, 3]
    with pytest.raises(PositionError, match="has none"):
        game.state_from_snapshot(position)


def test_pending_moves_nest_one_level_only():
    game = rulespec.load("kiothi")
    inner = game.new_initial_state().snapshot()
    position = inner
    for _ in range(3000):  # once a RecursionError
        position = {**inner, "pending": {"position": position, "decisions": []}}
    with pytest.raises(PositionError, match="pending"):
        game.state_from_snapshot(position)


def test_actions_must_be_ints_in_range():
    game = rulespec.load("kiothi")
    st = game.new_initial_state()
    legal = st.legal_actions()[0]
    for wrong in (float(legal), True, "3", None):
        with pytest.raises(TypeError):
            st.apply_action(wrong)
    with pytest.raises(TypeError):
        st.string_to_action(None)
    with pytest.raises(NotationError, match="not an action"):
        st.action_to_string(-1)
    with pytest.raises(NotationError, match="not an action"):
        st.action_to_string(game.num_distinct_actions)
    st.apply_action(legal)  # a real action still plays


@pytest.fixture(scope="module")
def rules():
    """Bao and the engine's kernel running its first stage's program."""
    game = rulespec.load("bao-la-kiswahili")
    names = list(dict.fromkeys(k.name for r in game.rulesets for k in r.kinds))
    return game, kernel.engine_module().Kernel(kernel.Assembler(game, game.rulesets[0], names).assemble())


class TestKernelChecksWhatItIsHanded:
    """The kernel itself refuses positions, starts and programs that would index past its arrays."""

    def position(self, game, **over):
        st = game.new_initial_state()
        pos = dict(zip(("board", "marks", "stock", "removed", "stage", "moves_played", "mover", "variables"),
                       (st.board, st.marks, st.stock, st.removed, st.stage, st.moves_played, st.to_move,
                        st.variable_slots)))
        pos.update(over)
        return tuple(pos.values())

    @pytest.mark.parametrize("change", [
        {"board_at": (3, -5)}, {"board_at": (3, 2**31)}, {"board_at": (3, 2**30)}, {"stock": [-1, 0]},
        {"stage": 31}, {"stage": -1}, {"moves_played": 2**40}, {"mover": 2}, {"removed": -3},
        {"board": []}, {"board": [0] * 300}, {"stock": [1]}, {"variables": [1]}, {"variables": [0] * 17},
    ])
    def test_positions(self, rules, change):
        game, rk = rules
        over = dict(change)
        if "board_at" in over:
            q, n = over.pop("board_at")
            board = list(game.new_initial_state().board)
            board[q] = n
            over["board"] = board
        with pytest.raises((ValueError, OverflowError)):
            rk.legal(*self.position(game, **over), False)

    @pytest.mark.parametrize("start", [(0, -1, 0), (0, 10**6, 0), (99, 0, 0), (0, 0, 7), (0, 2**40, 0)])
    def test_starts(self, rules, start):
        game, rk = rules
        with pytest.raises((ValueError, OverflowError)):
            rk.play(*self.position(game), *start, [])
        with pytest.raises((ValueError, OverflowError)):
            rk.completes(*self.position(game), False, *start, [])

    def test_corrupted_programs_are_refused_or_played_safely(self, rules):
        """Every header slot and every 5th program number set to hostile values: the kernel
        refuses the program, or plays it without reading or writing outside its arrays (the
        sanitizer job runs this test too)."""
        game, _ = rules
        rs = game.rulesets[0]
        names = list(dict.fromkeys(k.name for r in game.rulesets for k in r.kinds))
        program = kernel.Assembler(game, rs, names).assemble()
        engine = kernel.engine_module()
        engine.Kernel(program)  # the real one is accepted
        places = list(range(len(kernel.HEADER))) + list(range(len(kernel.HEADER), len(program), 5))
        refused = played = 0
        for at in places:
            for value in (-7, -(2**31), len(program) + 5, 300, 2**31 - 1):
                broken = list(program)
                broken[at] = value
                try:
                    k = engine.Kernel(broken)
                except ValueError:
                    refused += 1
                    continue
                played += 1
                try:
                    _, rows, _ = k.legal(*self.position(game), False)
                    for aid, mask in rows[:2]:
                        pit = next((pit for a, pit, _ in rs.kinds[0].table[0] if a == aid), None)
                        if pit is None:  # a corrupted action id: handed back as it is, not indexed
                            continue
                        k.play(*self.position(game), 0, pit, (mask & -mask).bit_length() - 2, [])
                except (ValueError, rulespec.LimitError):
                    pass
        assert refused > len(places)  # most corruptions are caught at load
        assert played  # and some (harmless values) are played
