"""Every worked example of every shipped variant replays exactly as it says."""
from __future__ import annotations

import pytest

import rulespec
from rulespec.examples import check_examples, run_example

CASES = [(name, i) for name in rulespec.shipped_variants()
         for i in range(len(rulespec.load_spec(name).spec.examples))]


@pytest.mark.parametrize("name,index", CASES)
def test_example_replays(name: str, index: int) -> None:
    game = rulespec.load(name)
    _, problems = run_example(game, index)
    assert problems == []


def test_every_variant_has_examples() -> None:
    for name in rulespec.shipped_variants():
        assert rulespec.load_spec(name).spec.examples, f"{name} has no worked examples"


def test_a_wrong_example_is_reported_at_its_line() -> None:
    text = rulespec.load_spec("oware").text.replace("{pits: [4, 4, 0, 5, 5, 5], store: 0}",
                                                    "{pits: [4, 4, 0, 5, 5, 6], store: 0}")
    game = rulespec.load_text(text, "oware-bad.yaml")
    problems = check_examples(game)
    assert len(problems) == 1
    line = text.splitlines()[problems[0].line - 1]
    assert "[4, 4, 0, 5, 5, 6]" in line
    assert str(problems[0]).endswith("example 1: expected [4, 4, 0, 5, 5, 6], got [4, 4, 0, 5, 5, 5]")


def test_a_misspelt_expected_key_gets_a_did_you_mean() -> None:
    text = rulespec.load_spec("oware").text.replace("{pits: [4, 4, 0, 5, 5, 5], store: 0}",
                                                    "{pits: [4, 4, 0, 5, 5, 5], stor: 0}")
    problems = check_examples(rulespec.load_text(text, "oware-bad.yaml"))
    assert [str(p).split(": ", 1)[1] for p in problems] == [
        "example 1: the position has no 'stor' (did you mean 'store'?)"]
