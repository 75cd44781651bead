"""The program layout is defined once (interpreter/layout.py): the assembler imports it, the
engine cimports the declaration file written from it at build (or, interpreted, imports it),
and a build from other constants is refused by its version."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulespec.interpreter import kernel, layout, native

ROOT = Path(__file__).resolve().parent.parent


def test_each_record_numbers_its_slots_from_zero() -> None:
    for prefix in ("H_", "K_", "CP_", "TO_", "SEL_", "R_", "RQ_", "DE_", "P_", "ASK_", "PC_", "PK_", "T_", "RC_", "RD_", "NEXT_",
                   "MK_", "CL_", "ST_", "E_", "END_", "REM_", "RES_", "WHO_", "MATCH_", "D_",
                   "REMAINDER_"):
        found = layout.names(prefix)
        assert found, prefix
        size = layout.constants().get(prefix + "SIZE")
        assert size is None or size == len(found), prefix


def test_the_assembler_reads_the_layout_module() -> None:
    assert kernel.HEADER[layout.H_HELD] == "held" and len(kernel.HEADER) == layout.H_SIZE
    assert kernel.OP["opponent_side"] == layout.C_OPPONENT_SIDE and kernel.PIECE_OPS["in_play"] == layout.C_IN_PLAY
    assert kernel.REQUESTS[layout.R_PICK] == "pick" and kernel.REQUESTS[layout.R_PIT] == "pit"
    assert native.TURN[layout.T_RACE] == "race" and native.END_KINDS[-1] == "condition"
    assert native.LOOK_AHEADS == {"threatened": 100, "opponent_can_capture": 101, "can_move": 102,
                                  "opponent_can_move": 103}


def test_the_engine_defines_no_constant_of_the_layout() -> None:
    """A constant of layout.py assigned again in the engine's source would be a second
    definition that nothing keeps in step."""
    tree = ast.parse((ROOT / "interpreter" / "engine.py").read_text())
    assigned = {target.id for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(target, ast.Name)}
    assert not assigned & set(layout.constants()), sorted(assigned & set(layout.constants()))


def test_the_version_changes_with_any_constant() -> None:
    values = layout.constants()
    assert layout.version(values) == layout.VERSION
    assert layout.version({**values, "H_HELD": values["H_HELD"] + 1}) != layout.VERSION
    assert layout.version({**values, "H_NEW_SLOT": 99}) != layout.VERSION


def test_the_declarations_written_at_build_are_the_layout() -> None:
    written = ROOT / "build" / "layout" / "rulespec" / "interpreter" / "layout.pxd"
    if not written.exists():
        pytest.skip("no build in this checkout")
    assert written.read_text() == layout.cython_pxd()
    assert f"    H_HELD = {layout.H_HELD}" in layout.cython_pxd()


def test_the_built_engine_reports_this_layout() -> None:
    pytest.importorskip("Cython")
    from rulespec.interpreter import _engine

    assert _engine.BUILT_LAYOUT == layout.VERSION == kernel.LAYOUT


def test_a_bound_is_defined_once() -> None:
    """The language's limits and the engine's layout name no bound twice; the one name both
    use, MAX_STAGES, is the language's limit and the runner's room, and the room is larger."""
    from rulespec import limits

    language = {k: v for k, v in vars(limits).items() if k.isupper() and isinstance(v, int)}
    assert set(language) & set(layout.constants()) == {"MAX_STAGES"}
    assert limits.MAX_STAGES <= layout.MAX_STAGES


def test_the_language_s_bounds_fit_the_engine_s_room() -> None:
    """Every spec the loader accepts fits the engine's tables and counts: there is no other
    path to play what would not."""
    from rulespec import limits

    assert limits.MAX_BOARD_SLOTS <= layout.MAX_SLOTS
    assert limits.MAX_VARIABLE_SLOTS <= layout.MAX_VARIABLES
    assert limits.MAX_KINDS <= layout.MAX_PIECE_KINDS and limits.MAX_KIND_SLOTS <= layout.MAX_KIND_CELLS
    assert limits.MAX_POINTS <= layout.MAX_PIECES and limits.MAX_GAME_PIECES <= layout.MAX_PIECES
    assert limits.MAX_MOVE_KINDS <= layout.MAX_STAGE_BITS
    assert 2 * limits.MAX_LAPS + 8 <= layout.MAX_DECISIONS
    assert limits.MAX_PLACED_PIECES + 8 <= layout.MAX_DECISIONS
    assert limits.MAX_TAKE_ANY_PIECES < layout.MAX_SLOTS and limits.MAX_CHOICE_PITS < layout.MAX_SLOTS
