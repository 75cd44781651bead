"""The engine's compiled form: the hot functions of interpreter/engine.py compile to C
with no Python interaction (Cython's annotation says so line by line), and the layout's
constants reach them as C enum constants, not module lookups."""
from __future__ import annotations

import ast
import re
import shutil

import pytest
from engine_source import SOURCE, engine_c

from rulespec.interpreter import layout

HOT = ("match", "owner_at", "side_sum", "test", "piece_test", "ask", "chain_pits", "taken_pits", "take", "entry_pit",
       "during_end", "sow", "sow_passing", "to_owners", "capture_applies", "play_pieces", "lift", "choose_pits", "play",
       "allowed", "spend", "search", "completes", "acceptable", "find_legal", "first_lap_takes",
       # whole games
       "splitmix", "rotl", "rng_next", "rng_below", "seen_clear", "key_hash", "seen_place", "seen_add", "stage_kernel",
       "budget", "blank_context", "legal_into", "slot_points", "score_of", "next_round", "finish_game",
       "make_key", "check_end", "feeding_at", "begin_turn", "new_game", "look_ahead", "has_a_move", "mark_test",
       "update_marks",
       "finish_move", "count_action", "nth_direction", "random_move", "part_of", "race_move", "race_offer", "race_lap",
       "race_choose", "race_lap_end", "race_over", "race_run", "race_begin", "race_both", "race_random",
       "random_action",
       # a state between actions
       "play_on", "starts_copy",
       # the solver
       "mix64", "bits_for", "rec_at", "pack", "solver_key", "pos_hash", "tt_bucket", "tt_find", "tt_holds", "tt_store",
       "tt_lo", "tt_hi", "solver_offset", "record_game", "load_game", "repeats", "move_done", "solver_finish",
       "solver_child", "solver_utility", "pos_bit", "kid_window", "enter", "eg_index", "eg_value", "solver_search",
       "solver_descend", "solver_mtdf", "solver_child_value")
"""The functions every play, look-ahead and step of a whole game runs through."""
ALLOWED = [
    # an argument that may be None checked on its way into a function (a pointer comparison)
    re.compile(r"if \(unlikely\(\(\(PyObject \*\) ?.*?== Py_None\)\) \{.*?cannot pass None.*?\}", re.S),
    # reference counts of the scratch positions and moves handed on
    re.compile(r"<span class='(?:pyx_macro_api|refnanny)'>__Pyx_X?(?:INC|DEC|GOT|GIVE)REF(?:_SET)?</span>"),
    # a typed object (a stage's kernel, a part of the race) from one of the module's own C
    # functions, checked for NULL (what such a function does is read in its own lines)
    re.compile(r"__pyx_f_8rulespec_11interpreter_7_engine_\w+\(.*?\);<span class='error_goto'> "
               r"if \(unlikely\(!__pyx_t_\d+\)\) __PYX_ERR\(0, \d+, __pyx_L1_error\)</span>"),
    # an item of a tuple of the runner (a C macro), the tuple checked against None first
    re.compile(r"<span class='pyx_c_api'>__Pyx_PyTuple_GET_ITEM</span>"),
    re.compile(r"if \(unlikely\(__pyx_v_\w+-&gt;\w+ == Py_None\)\) \{.*?is not subscriptable.*?\}", re.S),
]
LINE = re.compile(r'<pre class="cython line score-\d+"[^>]*>\+?<span class="">(\d+)</span>:.*?</pre>\s*'
                  r"<pre class='cython code[^>]*>(.*?)</pre>", re.S)


def python_calls(code: str) -> list[str]:
    """The C-API calls and error exits left in a line's C once the allowed ones are taken out."""
    for allowed in ALLOWED:
        code = allowed.sub("", code)
    return re.findall(r"<span class='(?:py_c_api|py_macro_api|pyx_c_api|pyx_macro_api|error_goto)'>([^<]*)</span>",
                       code)


@pytest.fixture(scope="module")
def annotated(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[int, str], str]:
    """Each source line's C, and the whole C, from `cython -a` on interpreter/engine.py."""
    if shutil.which("cython") is None and not _has_cython():
        pytest.skip("Cython is not installed")
    target = engine_c(tmp_path_factory.mktemp("annotate"), annotate=True)
    html = target.with_suffix(".html").read_text()
    return {int(n): code for n, code in LINE.findall(html)}, target.read_text()


def _has_cython() -> bool:
    try:
        import Cython  # noqa: F401
    except ImportError:
        return False
    return True


def functions() -> dict[str, range]:
    """The lines of each module-level function, and of each method whose name no function has."""
    tree = ast.parse(SOURCE.read_text())
    methods = [item for node in tree.body if isinstance(node, ast.ClassDef) for item in node.body]
    return {node.name: range(node.lineno, node.end_lineno + 1) for node in [*methods, *tree.body]
            if isinstance(node, ast.FunctionDef)}


def test_the_hot_functions_compile_without_python_interaction(annotated) -> None:
    lines, _ = annotated
    spans = functions()
    assert set(HOT) <= set(spans)
    found = {f"{name}:{n}": calls for name in HOT for n in spans[name] if (calls := python_calls(lines.get(n, "")))}
    assert found == {}


def test_the_check_sees_python_interaction(annotated) -> None:
    """The argument checks of the Python API call into Python on every line: the reading sees it."""
    lines, _ = annotated
    assert any(python_calls(lines.get(n, "")) for n in functions()["read_ints"])


def test_the_layout_reaches_the_compiled_code_as_c_constants(annotated) -> None:
    _, code = annotated
    for name in ("H_NSLOTS", "C_TRUE", "C_IN_PLAY", "P_DONE", "MAX_SLOTS", "KIND_SHIFT_BASE"):
        value = re.search(rf"__pyx_e_\w*layout_{name} = (-?(?:0x[0-9a-fA-F]+|\d+))", code)
        assert value and int(value.group(1), 0) == getattr(layout, name), name
        assert f"__pyx_n_s_{name}" not in code and f"__pyx_n_u_{name}" not in code, f"{name} looked up by name"
