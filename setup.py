"""What pyproject.toml cannot say: the packages found by discovery, with the two folders the
project's layout keeps at the top (interpreter/, variants/) installed inside the rulespec
package, and the compiled engine (optional: without a C compiler the same source runs
interpreted).

The program layout's constants are written from interpreter/layout.py, at every build, into a
Cython declaration file the engine cimports, so it cannot differ from the module.
interpreter/engine.py is compiled by Cython into rulespec.interpreter._engine."""
import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup

ROOT = Path(__file__).resolve().parent
GENERATED = ROOT / "build" / "layout"
"""Where the layout's declaration file is written at build (not kept in git)."""


def load_layout():
    """interpreter/layout.py on its own (it imports nothing of the project)."""
    spec = importlib.util.spec_from_file_location("rulespec_layout", ROOT / "interpreter" / "layout.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_generated() -> None:
    layout = load_layout()
    package = GENERATED / "rulespec" / "interpreter"
    package.mkdir(parents=True, exist_ok=True)
    for folder in (GENERATED / "rulespec", package):
        (folder / "__init__.pxd").write_text("")
    (package / "layout.pxd").write_text(layout.cython_pxd())


def compiled_engine() -> list[Extension]:
    """The engine compiled by Cython, or nothing where Cython is missing."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("Cython is not installed: the engine runs interpreted", file=sys.stderr)
        return []
    extension = Extension("rulespec.interpreter._engine", ["interpreter/engine.py"], optional=True,
                          depends=[str(GENERATED / "rulespec" / "interpreter" / "layout.pxd")],
                          extra_compile_args=["-O3"])
    return cythonize([extension], include_path=[str(GENERATED)], language_level=3, quiet=True,
                     build_dir=str(ROOT / "build" / "cython"))


write_generated()
setup(
    packages=find_packages(include=["rulespec", "rulespec.*"]) + ["rulespec.interpreter", "rulespec.variants"],
    package_dir={"rulespec.interpreter": "interpreter", "rulespec.variants": "variants"},
    ext_modules=compiled_engine(),
)
