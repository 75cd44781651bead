import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

from engines import ENGINES, run_on  # noqa: E402


@pytest.fixture(params=ENGINES)
def each_engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test (`pytest.mark.usefixtures("each_engine")`) once on each way of running the
    engine: games loaded inside it are played by that one."""
    run_on(request.param, monkeypatch)
    return request.param
