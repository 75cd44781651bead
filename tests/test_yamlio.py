"""The libyaml parse path gives the tree and positions the pure-Python parser gives."""
from __future__ import annotations

import pytest

import rulespec
from rulespec import yamlio
from rulespec.errors import SpecError
from rulespec.loader import resolve

pytestmark = pytest.mark.skipif(yamlio.CParser is None, reason="libyaml (ruamel.yaml.clib) is not installed")


def pure(text: str):
    return yamlio.pure_yaml().load(text)


def same(a, b, trail=()) -> None:
    assert type(a) is type(b) and a == b, trail
    if hasattr(a, "lc"):
        assert (a.lc.line, a.lc.col, a.lc.data) == (b.lc.line, b.lc.col, b.lc.data), trail
    if isinstance(a, dict):
        for key in a:
            same(a[key], b[key], trail + (key,))
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, trail + (i,))


@pytest.mark.parametrize("name", rulespec.shipped_variants())
def test_libyaml_reads_every_shipped_spec_as_the_pure_parser_does(name):
    text = resolve(name).read_text(encoding="utf-8")
    fast = yamlio._fast_load(text)
    assert fast is not None
    same(fast, pure(text))


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",                    # a duplicate key
    "a: [1, 2\nb: 3\n",                # an unclosed flow sequence
    "a: !!python/object:os.system x\n",  # a tag that builds an object
    "- 1\n- 2\n",                      # not a mapping
    "a: 1\n---\nb: 2\n",               # two documents
])
def test_errors_read_the_same_with_and_without_libyaml(text, monkeypatch):
    """Errors keep the pure parser's wording and position."""
    with pytest.raises(SpecError) as fast:
        yamlio.read_yaml(text, "x.yaml")
    monkeypatch.setattr(yamlio, "_fast_load", lambda text: None)
    with pytest.raises(SpecError) as slow:
        yamlio.read_yaml(text, "x.yaml")
    assert [str(p) for p in fast.value.problems] == [str(p) for p in slow.value.problems]
