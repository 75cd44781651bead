import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


@pytest.fixture(params=["c", "typed"])
def compiled_engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test on each compiled engine: _game.c's states ("c") and the typed engine's
    ("typed", RULESPEC_ENGINE=typed)."""
    for key in ("RULESPEC_ENGINE", "RULESPEC_PURE"):
        monkeypatch.delenv(key, raising=False)
    if request.param == "typed":
        monkeypatch.setenv("RULESPEC_ENGINE", "typed")
    return request.param
