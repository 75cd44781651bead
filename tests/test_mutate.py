"""`rulespec mutate`: mutants of a spec found at their source location, killed by worked
examples, survivors told apart by games with a worked example that kills them, and mutants
that cannot change play recognised as equivalent."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.check import mutate
from rulespec.cli import app

WEAK = """\
name: Weak
board: {pits: 3, stores: beside}
setup: {per_pit: 2}
turn:
  moves: [{name: sow}]
captures:
  - name: two
    when: {side: opponent, count: 2}
    take: [landing]
  - name: off
    enabled: false
    when: {side: own, count: 3}
    take: [landing]
end:
  - {kind: side_empty}
  - {kind: move_limit, moves: 60}
scoring: {counts: [store]}
"""
"""A spec with no worked example: every rule change survives its (absent) examples; the
'off' capture is switched off, so changing it cannot change play."""


@pytest.fixture(scope="module")
def weak_report(tmp_path_factory: pytest.TempPathFactory) -> mutate.Report:
    path = tmp_path_factory.mktemp("weak") / "weak.yaml"
    path.write_text(WEAK, encoding="utf-8")
    return mutate.run(str(path), games=10, jobs=1)


def shipped_doc(name: str) -> tuple[Path, dict]:
    """A shipped variant's file and its parsed document (what mutants are made from)."""
    from rulespec.loader import resolve
    from rulespec.yamlio import plain, read_yaml

    path = resolve(name)
    return path, plain(read_yaml(path.read_text(encoding="utf-8"), str(path))[0])


def outcome(report: mutate.Report, description: str) -> mutate.Outcome:
    for m, o in zip(report.mutants, report.outcomes):
        if m.description == description:
            return o
    raise AssertionError(f"no mutant {description!r} among {[m.description for m in report.mutants]}")


def test_a_weak_specs_survivors_are_found_at_their_location(weak_report: mutate.Report) -> None:
    lines = list(mutate.render(weak_report))
    assert any(line.endswith(":8:35: survived: captures.'two'.when.count: 2 -> 3") for line in lines), lines
    assert lines[-1] == weak_report.summary()
    assert weak_report.count("surviving") > 0 and weak_report.count("killed") == 0


def test_a_survivor_comes_with_a_worked_example_that_kills_it(weak_report: mutate.Report, tmp_path: Path) -> None:
    survivor = outcome(weak_report, "captures.'two'.when.count: 2 -> 3")
    assert survivor.status == "surviving" and survivor.confirmed and survivor.example is not None
    # Pasted into the spec, the example kills that mutant.
    text = WEAK + "examples:\n" + mutate.example_yaml(survivor.example) + "\n"
    path = tmp_path / "stronger.yaml"
    path.write_text(text, encoding="utf-8")
    stronger = mutate.run(str(path), games=10, jobs=1)
    assert outcome(stronger, "captures.'two'.when.count: 2 -> 3").status == "killed"
    assert stronger.count("surviving") < weak_report.count("surviving")


def test_a_mutant_that_cannot_change_play_is_recognised_as_equivalent(weak_report: mutate.Report) -> None:
    assert outcome(weak_report, "captures.'off'.when.count: 3 -> 4").status == "equivalent"
    # Switching the capture on does change play.
    assert outcome(weak_report, "captures.'off'.enabled: false -> true").status == "surviving"


def test_edits_that_do_not_validate_or_change_nothing_are_skipped(weak_report: mutate.Report) -> None:
    assert outcome(weak_report, "board.pits: 3 -> 2").status == "surviving"
    assert outcome(weak_report, "board.pits: 3 -> 4").status == "surviving"
    assert weak_report.count("invalid") > 0  # e.g. `stores: none` while captures go to the store
    statuses = {o.status for o in weak_report.outcomes}
    assert statuses <= {"invalid", "unchanged", "killed", "equivalent", "surviving"}


def test_every_operator_is_generated() -> None:
    doc = json.loads(json.dumps({
        "name": "x", "turn": {"moves": [{"name": "a", "from": {"side": "own", "not": {"count": 0}}},
                                        {"name": "b"}]},
        "captures": [{"name": "c", "when": {"count": 2}, "take": ["landing"], "to": "store"}],
    }))
    found = {m.description for m in mutate.generate(doc)}
    assert "turn.moves.'a'.from: the clause `side: own` dropped" in found
    assert "turn.moves.'a'.from: the clause `side: own` negated" in found
    assert "turn.moves.'a'.from: the clause `not: {count: 0}` negated (its `not` removed)" in found
    assert "captures.'c'.when.count: 2 -> 1" in found and "captures.'c'.when.count: 2 -> 3" in found
    assert "captures.'c'.to: store -> removed" in found
    assert "turn.moves: items 1 and 2 swapped (their order, or priority)" in found
    assert "turn.moves: the item 'b' removed" in found
    assert "captures.'c'.take[1]: landing -> opposite" in found


def test_a_worked_example_kills_a_mutant_of_a_shipped_variant() -> None:
    report = mutate.run("kalah", games=5, jobs=1)
    assert outcome(report, "captures.'empty pit'.when.count: 1 -> 2").status == "killed"


def test_the_command_exits_1_with_survivors_and_prints_the_counts_last(tmp_path: Path) -> None:
    path = tmp_path / "weak.yaml"
    path.write_text(WEAK, encoding="utf-8")
    result = CliRunner().invoke(app, ["mutate", str(path), "--games", "5", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("mutants: ") and "surviving: " in last and not last.endswith("surviving: 0")
    assert "a worked example that kills it:" in result.output


def test_only_rechecks_the_survivors_a_saved_report_names(weak_report: mutate.Report, tmp_path: Path) -> None:
    saved = tmp_path / "report.txt"
    saved.write_text("\n".join(mutate.render(weak_report)), encoding="utf-8")
    named = mutate.named_in(saved.read_text(encoding="utf-8"))
    expected = {m.description for m, o in zip(weak_report.mutants, weak_report.outcomes)
                if o.status in ("surviving", "equivalent")}
    assert named == expected and "captures.'two'.when.count: 2 -> 3" in named
    path = tmp_path / "weak.yaml"
    path.write_text(WEAK, encoding="utf-8")
    again = mutate.run(str(path), games=10, jobs=1, only=named)
    assert sorted(m.description for m in again.mutants) == sorted(named)
    assert again.count("surviving") == weak_report.count("surviving")
    assert again.count("equivalent") == weak_report.count("equivalent")


def test_the_same_moves_listed_in_another_order_are_the_same_rules() -> None:
    """Swapping two bead kinds only reorders the legal moves: the games are compared move by
    move by name, so the mutant is equivalent, not a survivor."""
    path, doc = shipped_doc("glass-bead-game")
    swapped = next(m for m in mutate.generate(doc) if m.description.startswith("setup.kinds: items 1 and 2"))
    original, mutant = mutate.load_doc(doc, str(path)), mutate.load_doc(swapped.doc, str(path))
    assert mutant.spec != original.spec  # a real edit, not a default written out
    assert mutate.compare(original, mutant, games=2, seed=0, max_actions=40) is None


def test_suggest_picks_a_few_examples_that_together_kill_the_survivors(weak_report: mutate.Report,
                                                                      tmp_path: Path) -> None:
    suggestions = mutate.suggest(weak_report, jobs=1)
    killed = {m for s in suggestions for m in s.kills}
    confirmed = {i for i, o in enumerate(weak_report.outcomes) if o.status == "surviving" and o.confirmed}
    assert confirmed <= killed  # every survivor that has a killing example is still covered
    assert 0 < len(suggestions) < len(killed)  # by fewer examples: one example kills several
    assert all(len(a.kills) >= len(b.kills) for a, b in zip(suggestions, suggestions[1:]))  # greedy
    # Pasted into the spec, the suggested examples kill every mutant they were said to kill.
    text = WEAK + "examples:\n" + "\n".join(mutate.example_yaml(s.example) for s in suggestions) + "\n"
    path = tmp_path / "suggested.yaml"
    path.write_text(text, encoding="utf-8")
    named = {weak_report.mutants[m].description for m in killed}
    stronger = mutate.run(str(path), games=10, jobs=1, only=named)
    assert stronger.count("killed") == len(named)
    lines = list(mutate.render_suggestions(weak_report, suggestions))
    assert lines[0].startswith(f"{len(suggestions)} worked examples kill {len(killed)} of the ")


def test_the_command_suggests_examples_before_the_counts(tmp_path: Path) -> None:
    path = tmp_path / "weak.yaml"
    path.write_text(WEAK, encoding="utf-8")
    saved = tmp_path / "report.txt"  # two survivors only, to keep it quick
    saved.write_text("weak.yaml:8:35: survived: captures.'two'.when.count: 2 -> 3\n"
                     "weak.yaml:8:35: survived: captures.'two'.when.count: 2 -> 1\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["mutate", str(path), "--games", "5", "--jobs", "1", "--suggest",
                                      "--only", str(saved)])
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("mutants: ")
    assert "a worked example that kills it:" not in result.output  # one list, not one per survivor
    assert lines[-1] == "mutants: 2, killed: 0, equivalent: 0, surviving: 2"
    assert any(" kill 2 of the 2 survivors" in line for line in lines) and "    # kills " in result.output


def test_suggest_offers_the_examples_of_the_spec_a_member_extends(weak_report: mutate.Report,
                                                                   tmp_path: Path) -> None:
    """A family member does not inherit its base's worked examples: --suggest offers them."""
    killing = next(o.example for o in weak_report.outcomes
                   if o.status == "surviving" and o.confirmed and o.example is not None)
    (tmp_path / "weak.yaml").write_text(WEAK + "examples:\n" + mutate.example_yaml(killing) + "\n",
                                        encoding="utf-8")
    member = tmp_path / "member.yaml"
    member.write_text("name: Member\nextends: weak.yaml\nsetup: {per_pit: 2}\n", encoding="utf-8")
    report = mutate.run(str(member), games=5, jobs=1)
    assert report.count("surviving") > 0
    offered = mutate.inherited_examples(report.doc, str(member))
    assert [origin for origin, _ in offered] == ["weak, example 1"]
    suggestions = mutate.suggest(report, jobs=1)
    assert suggestions[0].origin == "weak, example 1" and suggestions[0].kills
    assert any("(from weak, example 1)" in line for line in mutate.render_suggestions(report, suggestions))


def test_a_difference_inside_the_opening_race_gives_a_race_example_that_kills() -> None:
    """Sungka's first move is a race: who moves after a tie (the first player) shows only
    there, so the example must start inside the race (`race: true`) with a joint move."""
    path, doc = shipped_doc("sungka")
    doc["examples"] = []
    north = next(m for m in mutate.generate(doc) if m.description == "turn.first_player: south -> north")
    original, mutant = mutate.load_doc(doc, str(path)), mutate.load_doc(north.doc, str(path))
    diff = mutate.compare(original, mutant, games=1, seed=0)
    assert diff is not None
    example = mutate.killing_example(original, diff, north.description)
    assert example["position"]["race"] is True and "/" in example["moves"][0]
    assert mutate.example_kills(north.doc, doc, example, str(path))


def test_a_mutant_over_before_the_first_move_gets_an_example_without_moves() -> None:
    """Gabata (Adowa)'s end counted over the stores instead of the holes holds at once: the
    games part before any move, so the example checks the start itself (`moves: []`)."""
    path, doc = shipped_doc("gabata-adowa")
    doc["examples"] = []
    stores = next(m for m in mutate.generate(doc)
                  if m.description == "end[1].when.count_pits.where.store: false -> true")
    original, mutant = mutate.load_doc(doc, str(path)), mutate.load_doc(stores.doc, str(path))
    diff = mutate.compare(original, mutant, games=1, seed=0)
    assert diff is not None and diff.what == "one game ended and the other did not" and not diff.decisions
    example = mutate.killing_example(original, diff, stores.description)
    assert example["moves"] == [] and example["expect"]["terminal"] is False
    assert mutate.example_kills(stores.doc, doc, example, str(path))


def test_the_cap_on_a_compared_games_length_reaches_the_comparison(monkeypatch) -> None:
    from rulespec.loader import resolve
    from rulespec.yamlio import plain, read_yaml

    path = resolve("kalah")
    doc = plain(read_yaml(path.read_text(encoding="utf-8"), str(path))[0])
    caps = []
    monkeypatch.setattr(mutate, "examples_fail", lambda game: None)
    monkeypatch.setattr(mutate, "compare", lambda original, game, games, seed, max_actions: caps.append(max_actions))
    monkeypatch.setattr(mutate, "_WORKER", {})
    setting = (doc, str(path), 1, 0, (), None, 7)
    outcomes = [mutate.judge_task(mutate.Task(setting, i, m)) for i, m in enumerate(mutate.generate(doc)[:40])]
    assert any(o.status == "equivalent" for o in outcomes) and set(caps) == {7}
