"""The hostile-input suite: every `rulespec` command on malformed and degenerate inputs
(tests/hostile/: hand-written, plus inputs generated at each run), each in a child process
under CPU, wall-clock and memory limits. Each must exit 0 or 1 with a message: no traceback,
no signal, no network connection, no file written outside its output folder."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
RUNNER = HERE / "hostile" / "run_corpus.py"


def run_corpus(workdir: Path, env: dict[str, str] | None = None, *extra: str) -> dict:
    done = subprocess.run([sys.executable, str(RUNNER), str(workdir), *extra], capture_output=True, text=True,
                          timeout=1500, env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(os, "mkfifo"), reason="needs fork and FIFOs (POSIX)")
def test_no_command_crashes_hangs_or_leaks_on_hostile_input(tmp_path):
    report = run_corpus(tmp_path)
    assert report["runs"] > 100
    failures = "\n\n".join(f"rulespec {' '.join(f['args'])}: {', '.join(f['problems'])}\n{f['stderr']}"
                           for f in report["failures"])
    assert not report["failures"], failures


@pytest.mark.parametrize("behaviour, problem", [
    ("raise", "a traceback"), ("segfault", "killed by signal 11 (SIGSEGV)"), ("exit", "exit status 3"),
    ("connect", "a network connection"), ("litter", "wrote ['litter'] in its working folder"),
])
def test_the_runner_reports_what_goes_wrong(tmp_path, monkeypatch, behaviour, problem):
    """The suite's own check: a command standing in for `rulespec` that misbehaves is reported."""
    import signal
    import socket

    sys.path.insert(0, str(RUNNER.parent))
    import run_corpus

    def misbehave():
        if behaviour == "raise":
            raise ValueError("boom")
        if behaviour == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        if behaviour == "connect":
            socket.create_connection(("127.0.0.1", 9))
        if behaviour == "litter":
            Path("litter").write_text("x")
            return
        sys.exit(3)

    monkeypatch.setattr(run_corpus.rulespec.cli, "main", misbehave)
    out = tmp_path / "output"
    out.mkdir()
    failure = run_corpus.run(["validate", "x.yaml"], tmp_path, 0, out, True)
    assert failure is not None and problem in failure["problems"], failure
