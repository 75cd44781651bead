"""What the same-run benchmarks (engine.py, games.py, states.py) share: their arguments, the
note when the engine runs interpreted, a game on either build of the engine, and OpenSpiel
where it is installed."""
from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from rulespec.interpreter import kernel


def arguments(doc: str, clone: bool = False) -> argparse.Namespace:
    """--seconds, --rounds, --only (and --clone); says so when the engine is not compiled."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (medians kept)")
    if clone:
        parser.add_argument("--clone", action="store_true", help="clone the state before every action")
    parser.add_argument("--only", default="", help="comma-separated variants (default: the six above)")
    args = parser.parse_args()
    if not kernel.engine_module().__name__.endswith("._engine"):
        print("the engine was not compiled (pip install -e .): its source runs interpreted")
    return args


def pyspiel() -> ModuleType | None:
    """OpenSpiel's Python module, or None where it is not installed (the test extra has it)."""
    try:
        import pyspiel as module
    except ImportError:  # pragma: no cover - the test extra installs it
        return None
    return module


@contextmanager
def build(engine: str) -> Iterator[None]:
    """RULESPEC_PURE set for `engine` ("compiled" or "interpreted") while a game is loaded and
    its states made: the engine module is chosen when a game's runner and a new state's class
    are made, and a state's clones keep its class."""
    saved = os.environ.pop("RULESPEC_PURE", None)
    os.environ["RULESPEC_PURE"] = "1" if engine == "interpreted" else "0"
    try:
        yield
    finally:
        os.environ.pop("RULESPEC_PURE")
        if saved is not None:
            os.environ["RULESPEC_PURE"] = saved


def engine_of(state: object) -> str:
    """"compiled" or "interpreted": the build of the engine whose Core plays `state`."""
    core = [c for c in type(state).__mro__ if c.__name__ == "Core"][0]
    return "compiled" if core.__module__.endswith("._engine") else "interpreted"
