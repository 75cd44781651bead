import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

ENGINE_BUILDS = {"compiled": "0", "interpreted": "1"}
"""RULESPEC_PURE for each way of running the engine: its compiled build, its source run by Python."""


@pytest.fixture(params=list(ENGINE_BUILDS))
def each_engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test (`pytest.mark.usefixtures("each_engine")`) once on each way of running the
    engine: games loaded inside it are played by that one."""
    monkeypatch.setenv("RULESPEC_PURE", ENGINE_BUILDS[request.param])
    return request.param
