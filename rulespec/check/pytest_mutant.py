"""A pytest plugin for `rulespec mutate --tests`: shipped variants are read from the folder in
RULESPEC_MUTANT_VARIANTS (where one of them is a mutant) instead of the package's."""
from __future__ import annotations

import os
from pathlib import Path


def pytest_configure(config: object) -> None:
    folder = os.environ.get("RULESPEC_MUTANT_VARIANTS")
    if folder:
        import rulespec.loader

        rulespec.loader.variants_dir = lambda: Path(folder)
