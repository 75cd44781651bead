"""interpreter/engine.py through Cython outside the installed build, for the tests that read
its C (the annotation check) or compile it their own way (the sanitizers)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rulespec.interpreter import layout

SOURCE = Path(__file__).resolve().parent.parent / "interpreter" / "engine.py"


def engine_c(folder: Path, annotate: bool = False) -> Path:
    """folder/engine.c (with `annotate`, Cython's HTML report beside it), the layout's
    declaration file written where the engine cimports it from."""
    package = folder / "include" / "rulespec" / "interpreter"
    package.mkdir(parents=True)
    for init in (folder / "include" / "rulespec" / "__init__.pxd", package / "__init__.pxd"):
        init.write_text("")
    (package / "layout.pxd").write_text(layout.cython_pxd())
    target = folder / "engine.c"
    subprocess.run([sys.executable, "-m", "cython", *(["-a"] if annotate else []), "-3", "-I",
                    str(folder / "include"), "--module-name", "rulespec.interpreter._engine", str(SOURCE),
                    "-o", str(target)], check=True, capture_output=True)
    return target
