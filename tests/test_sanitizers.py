"""The engine under AddressSanitizer and UndefinedBehaviorSanitizer.

interpreter/engine.py is built through Cython and gcc's -fsanitize=address,undefined into a
temporary folder (the installed build is not touched) and loaded under its module name by a
sitecustomize module, in child processes that preload the ASan runtime. There the kernel's
property tests (the engine compiled against its source run by Python, action by action), the
hostile API tests, the hostile-input corpus and the engine's own tests (whole games, states
between actions compiled against interpreted, the golden games) run: any read or write outside an array, any
signed overflow or bad shift aborts the child and fails this test. It takes three to four minutes of
one core, so it runs apart from the suite (`python -m pytest -m sanitizers`, a step of `.ci/run`); it
is skipped only where gcc is missing (CI has it).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from engine_source import engine_c

ROOT = Path(__file__).resolve().parent.parent
SITECUSTOMIZE = '''
import importlib.machinery, importlib.util, os, sys
path = os.environ.get("RULESPEC_SANITIZED_ENGINE")
if path:
    name = "rulespec.interpreter._engine"
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    sys.modules[name] = module
'''

pytestmark = [pytest.mark.sanitizers,
              pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is needed to build the sanitized engine")]


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory) -> dict[str, str]:
    """The environment of a child process that runs the sanitized engine."""
    folder = tmp_path_factory.mktemp("asan")
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE)
    runtime = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True,
                             check=True).stdout.strip()
    # C++ extensions (matplotlib's, in `analyze`) throw exceptions: ASan intercepts __cxa_throw
    # only when the C++ runtime is there from the start
    cxx = subprocess.run(["gcc", "-print-file-name=libstdc++.so"], capture_output=True, text=True).stdout.strip()
    if os.path.isabs(cxx):
        runtime += f" {cxx}"
    engine = folder / ("_engine" + sysconfig.get_config_var("EXT_SUFFIX"))
    _build_engine(folder, engine)
    return {**os.environ, "RULESPEC_SANITIZED_ENGINE": str(engine), "RULESPEC_PURE": "0",
            "LD_PRELOAD": runtime,
            "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT), os.environ.get("PYTHONPATH", "")]),
            "ASAN_OPTIONS": "detect_leaks=0:exitcode=86:abort_on_error=0",
            "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=87"}


def _build_engine(folder: Path, target: Path) -> None:
    """interpreter/engine.py through Cython, then gcc with the sanitizers."""
    source = engine_c(folder)
    subprocess.run(["gcc", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer",
                    "-g", "-O1", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}", str(source),
                    "-o", str(target)], check=True, capture_output=True)


def test_the_sanitized_engine_is_the_one_loaded(sanitized):
    done = subprocess.run([sys.executable, "-c", "from rulespec.interpreter import kernel; "
                           "print(kernel.engine_module().__file__)"], env=sanitized,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [sanitized["RULESPEC_SANITIZED_ENGINE"]]


ENGINE_TESTS = [("test_runner.py", "not interpreted"), ("test_playouts.py", "native_state or generated_specs"),
                ("test_opening.py", "native"), ("test_players.py", "playout"), ("test_golden.py", "compiled")]
"""The engine's own tests: whole games (and their golden records), and the state between
actions compiled against interpreted (decisions inside a move, the race, clones, illegal
actions)."""


def test_the_engine_under_sanitizers(sanitized):
    for name, selection in ENGINE_TESTS:
        done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-x", "-p", "no:cacheprovider",
                               str(ROOT / "tests" / name), "-k", selection],
                              env=sanitized, capture_output=True, text=True, timeout=1800, cwd=ROOT)
        report = done.stdout[-3000:] + done.stderr[-3000:]
        assert done.returncode == 0, report
        assert "Sanitizer" not in report and "runtime error" not in report, report


BLOCKS = ["hus", "omweso", "mangala", "ba-awa", "pallanguli", "qelat", "toguz-korgool", "alemungula",
          "layli-goobalay", "nam-nam"]
"""Catalogue variants that between them use every less common block of the kernel: captures
sown without turning, the first piece into the origin, captures while passing (by the owner,
the last pit included), relays lifting the next pit, captures that go on, owned marks, a
capture that only marks, move kinds offered together, captured pieces put into the landing
pit, pits held through a mark."""
KERNEL_TESTS = ("random_games_agree or hypothesis_games_agree or plain_race or threat_look_ahead "
                "or refuses_bad_input or huge_numbers or piece_bound or worked_examples or less_common_blocks "
                "or during_a_move "
                f"or (once_declined and ({' or '.join(BLOCKS)}))")
"""The kernel's property tests that exercise the engine (compiled against interpreted action by
action); and the catalogue variants of BLOCKS."""


def test_kernel_property_and_hostile_tests_under_sanitizers(sanitized):
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-x", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "test_kernel.py"), "-k", KERNEL_TESTS,
                           str(ROOT / "tests" / "test_hostile_api.py")],
                          env=sanitized, capture_output=True, text=True, timeout=1800, cwd=ROOT)
    report = done.stdout[-3000:] + done.stderr[-3000:]
    assert done.returncode == 0, report
    assert "Sanitizer" not in report and "runtime error" not in report, report


NATIVE_GAMES = """
import rulespec
for name, params, n in [("bao-la-kiswahili", {}, 60), ("chongka", {}, 60), ("dakon", {"rounds": 4}, 10),
                        ("mefuvha", {"pits": 6}, 30), ("sungka", {"holes": 4, "shells": 3}, 30),
                        ("abalalae", {}, 15), ("gabata-adowa", {}, 15), ("qelat", {}, 15), ("glass-bead-game", {}, 40),
                        ("layli-goobalay", {}, 30), ("nam-nam", {"rounds": 4}, 10)]:
    game = rulespec.load(name, **params)
    result = game.playouts(n, seed=1)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.clone().apply_action(state.legal_actions()[-1])
        if state.is_simultaneous_node():
            state.clone().apply_actions([state.legal_actions(0)[-1], state.legal_actions(1)[0]])
        state.apply_action(state.legal_actions()[0])
print("ok")
"""
"""Whole games in the engine: marks set after a move by look-aheads (Bao), passing, rounds,
decisions inside a move, the opening race (Sungka), column captures with carry and most
(Abalala'e, Gabata (Adowa)), move kinds offered together (Qelat), several kinds of piece (the
Glass Bead Game), captured pieces put into the landing pit and own pits scored apart from
owned marks (Layli Goobalay), pits held through a mark and passed between rounds (Oware
Nam-Nam); native playouts and native states with clones."""


def test_whole_native_games_under_sanitizers(sanitized):
    done = subprocess.run([sys.executable, "-c", NATIVE_GAMES], env=sanitized, capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    report = done.stdout[-3000:] + done.stderr[-3000:]
    assert done.returncode == 0 and done.stdout.split() == ["ok"], report
    assert "Sanitizer" not in report and "runtime error" not in report, report


def test_hostile_corpus_under_sanitizers(sanitized, tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "hostile" / "run_corpus.py"), str(tmp_path),
                           "--no-memory-limit", "--mutants", "6",
                           # an upload runs the loader exactly as `validate` does on every file
                           "--skip", "upload,upload-record"],
                          env=sanitized, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["runs"] > 50
    assert not report["failures"], json.dumps(report["failures"], indent=1)[:6000]
