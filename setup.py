"""What pyproject.toml cannot say: the packages found by discovery, with the two folders the
project's layout keeps at the top (interpreter/, variants/) installed inside the rulespec
package, and the move kernel's C extension (optional: without a C compiler the Python path
plays). The program layout's constants are written from interpreter/layout.py into a header
the C includes, so the two cannot differ."""
import importlib.util
from pathlib import Path

from setuptools import Extension, find_packages, setup

ROOT = Path(__file__).resolve().parent
GENERATED = ROOT / "build" / "layout"
"""Where the layout's header is written at build (not kept in git)."""


def load_layout():
    """interpreter/layout.py on its own (it imports nothing of the project)."""
    spec = importlib.util.spec_from_file_location("rulespec_layout", ROOT / "interpreter" / "layout.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_generated() -> None:
    layout = load_layout()
    GENERATED.mkdir(parents=True, exist_ok=True)
    (GENERATED / "_layout.h").write_text(layout.c_header())


write_generated()
setup(
    packages=find_packages(include=["rulespec", "rulespec.*"]) + ["rulespec.interpreter", "rulespec.variants"],
    package_dir={"rulespec.interpreter": "interpreter", "rulespec.variants": "variants"},
    ext_modules=[Extension("rulespec.interpreter._kernel", ["interpreter/_kernel.c"], optional=True,
                           include_dirs=[str(GENERATED)], depends=["interpreter/layout.py"],
                           extra_compile_args=["-O3"])],
)
