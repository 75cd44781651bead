"""What pyproject.toml cannot say: the packages found by discovery, with the two folders the
project's layout keeps at the top (interpreter/, variants/) installed inside the rulespec
package, and the move kernel's C extension (optional: without a C compiler the Python path
plays)."""
from setuptools import Extension, find_packages, setup

setup(
    packages=find_packages(include=["rulespec", "rulespec.*"]) + ["rulespec.interpreter", "rulespec.variants"],
    package_dir={"rulespec.interpreter": "interpreter", "rulespec.variants": "variants"},
    ext_modules=[Extension("rulespec.interpreter._kernel", ["interpreter/_kernel.c"], optional=True,
                           extra_compile_args=["-O3"])],
)
