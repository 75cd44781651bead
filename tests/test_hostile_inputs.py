"""Specs and command lines written by an attacker (hostile input, round 2): `extends:` names a
shipped variant or a file in the child's own folder, read through the checked reader, and
nothing of another file ever reaches the output; the YAML reader refuses what would crash,
expand or mislead before building anything; the vocabulary's bounds hold."""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli import app
from rulespec.errors import SpecError
from rulespec.loader import load_spec_text
from rulespec.yamlio import read_yaml

SECRET = "SECRET-7f3a9c-DO-NOT-PRINT"
CHILD = "name: Child\nextends: {parent}\nboard: {{pits: 5}}\n"


@pytest.fixture
def private(tmp_path: Path) -> Path:
    """A file outside the spec's folder that must never be read: a valid spec with a secret."""
    secret = tmp_path / "private" / "private_config.yaml"
    secret.parent.mkdir()
    oware = rulespec.loader.resolve("oware").read_text(encoding="utf-8")
    secret.write_text(oware.replace("name: Oware", f"name: {SECRET}").replace("doc:", f"doc: {SECRET}"),
                      encoding="utf-8")
    (tmp_path / "specs").mkdir()
    return secret


def refused(text: str | None, path: Path) -> str:
    """The message loading `path` (written with `text` first, unless None) is refused with."""
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        rulespec.load_spec(path)
    message = str(caught.value)
    assert SECRET not in message
    return message


@pytest.mark.parametrize("parent", [
    "ABSOLUTE", "../private/private_config.yaml", "/etc/passwd", "/proc/self/environ", "/dev/zero",
    "/dev/urandom", "subdir/../../private/private_config.yaml", "..\\\\private\\\\private_config.yaml",
])
def test_extends_never_names_a_file_outside_the_folder(private: Path, parent: str) -> None:
    parent = str(private) if parent == "ABSOLUTE" else parent
    child = private.parent.parent / "specs" / "child.yaml"
    started = time.monotonic()
    message = refused(CHILD.format(parent=parent), child)
    assert time.monotonic() - started < 5
    assert message.startswith(f"{child}:2:10: ")
    assert "root:" not in message and "PATH=" not in message


def test_a_symlink_in_the_folder_may_not_lead_out(private: Path) -> None:
    folder = private.parent.parent / "specs"
    (folder / "link.yaml").symlink_to(private)
    (folder / "zero.yaml").symlink_to("/dev/zero")
    for name in ("link.yaml", "zero.yaml"):
        assert "leads out of the spec's folder" in refused(CHILD.format(parent=name), folder / "child.yaml")


def test_a_parent_that_is_not_a_regular_file_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.yaml")
    (tmp_path / "folder.yaml").mkdir()
    started = time.monotonic()
    assert "not a regular file" in refused(CHILD.format(parent="fifo.yaml"), tmp_path / "a.yaml")
    assert "is a directory" in refused(CHILD.format(parent="folder.yaml"), tmp_path / "b.yaml")
    assert time.monotonic() - started < 5


def test_a_parent_file_beside_the_child_is_read_and_located(tmp_path: Path) -> None:
    base = rulespec.loader.resolve("oware").read_text(encoding="utf-8").replace("name: Oware", "name: Base")
    (tmp_path / "base.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "child.yaml").write_text(CHILD.format(parent="base.yaml"), encoding="utf-8")
    loaded = rulespec.load_spec(tmp_path / "child.yaml")
    assert loaded.spec.name == "Child" and loaded.spec.board.pits == 5 and loaded.spec.captures
    (tmp_path / "base.yaml").write_text(base.replace("stores: beside", "stores: besid"), encoding="utf-8")
    with pytest.raises(SpecError, match=r"base\.yaml:\d+:\d+: 'besid' is not one of"):
        rulespec.load_spec(tmp_path / "child.yaml")


def test_a_spec_given_as_text_extends_shipped_variants_only(tmp_path: Path, monkeypatch) -> None:
    """An upload has no folder: naming a file, even one that exists in the server's working
    folder, gets the same answer as naming one that does not (no existence oracle)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "there.yaml").write_text(rulespec.loader.resolve("oware").read_text(encoding="utf-8"))
    answers = set()
    for parent in ("there.yaml", "missing.yaml"):
        with pytest.raises(SpecError) as caught:
            load_spec_text(CHILD.format(parent=parent), "upload.yaml")
        answers.add(str(caught.value).replace(parent, "NAME"))
    assert len(answers) == 1 and "may extend shipped variants only" in answers.pop()
    assert load_spec_text(CHILD.format(parent="kalah"), "upload.yaml").spec.board.pits == 5


def test_a_long_family_is_not_called_a_circle(tmp_path: Path) -> None:
    (tmp_path / "f0.yaml").write_text(rulespec.loader.resolve("oware").read_text(encoding="utf-8"))
    for i in range(1, 11):
        (tmp_path / f"f{i}.yaml").write_text(f"name: F{i}\nextends: f{i - 1}.yaml\n")
    message = refused(None, tmp_path / "f10.yaml")
    assert "at most 8 files deep" in message and "circle" not in message


@pytest.mark.parametrize("command", [["validate", "--source"], ["show"], ["book", "-f", "md"], ["play"]])
def test_commands_print_nothing_of_a_file_outside_the_folder(private: Path, command: list[str]) -> None:
    child = private.parent.parent / "specs" / "child.yaml"
    child.write_text(CHILD.format(parent=private), encoding="utf-8")
    result = CliRunner().invoke(app, [command[0], str(child), *command[1:]], input="quit\n")
    assert result.exit_code == 1, result.output
    assert SECRET not in result.output and "extends" in result.output


# --- the YAML reader ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, where, message", [
    ("name: x\nboard:\n" + "- " * 30000 + "x\n", (3, 201), "block lists and mappings nest more than 100"),
    ("name: x\n" + "".join(" " * i + f"k{i}:\n" for i in range(150)), (102, 101), "nest more than 100"),
    ("name: x\na: &a \"" + "y" * 8000 + "\"\nb: [" + ", ".join(["*a"] * 30000) + "]\n", (3, None),
     "1048576 characters"),
    ('name: "\\ud800"\n', (1, 7), "lone surrogate"),
    ('name: x\n"\\udfff": 1\n', (2, 1), "lone surrogate"),
    ("name: !!binary aGVsbG8=\n", (1, 7), "YAML tags"),
    ("name: x\n!!python/name:os.system k: 1\n", (2, 1), "YAML tags"),
    ("name: !!set {a, b}\n", (1, 7), "YAML tags"),
    ("!!str name: x\n", (1, 1), "YAML tags"),
])
def test_the_reader_refuses_before_building(text: str, where: tuple[int, int | None], message: str) -> None:
    started = time.monotonic()
    with pytest.raises(SpecError) as caught:
        read_yaml(text, "h.yaml")
    assert time.monotonic() - started < 2
    problem = caught.value.problems[0]
    assert message in problem.message
    assert problem.line == where[0] and (where[1] is None or problem.col == where[1])


def test_a_lone_surrogate_in_text_handed_to_the_api_is_refused() -> None:
    with pytest.raises(SpecError, match="lone surrogate"):
        rulespec.load_text("name: a\ud800b\n")


def test_nesting_a_real_spec_uses_is_read() -> None:
    text = "name: x\nboard:\n" + "- " * 90 + "x\n"
    assert read_yaml(text, "ok.yaml")[0]["board"]


# --- the command line --------------------------------------------------------------------------

def test_problems_print_as_written_without_emoji_markup_or_escapes(tmp_path: Path) -> None:
    spec = tmp_path / "l100.yaml"
    spec.write_text("name: \"a\\x1b[31mred\\0\"\n" + "# c\n" * 98 + "board: {ranks: 2, pits: 6, stores: :x:}\n")
    result = CliRunner().invoke(app, ["validate", str(spec)])
    assert result.exit_code == 1
    assert f"{spec}:100:36: ':x:' is not one of" in result.output
    assert "\x1b" not in result.output and "\x00" not in result.output


@pytest.mark.parametrize("value", ["²", "9" * 5000, "1e400", "-0x10"])
def test_a_parameter_that_is_not_a_number_gets_a_short_message(value: str) -> None:
    result = CliRunner().invoke(app, ["show", "oware", "-p", f"pits={value}"])
    assert result.exit_code == 1
    assert "expected a whole number" in result.output and len(result.output) < 300


@pytest.mark.parametrize("change, message", [
    ("pits: true", "expected a whole number, got true"),
    ("pits: '6'", "expected a whole number, got '6'"),
    ("pits: {a: 1}", "expected a whole number, got a mapping"),
])
def test_values_are_taken_as_written_not_converted(change: str, message: str) -> None:
    """`pits: true` was read as 1 and `pits: '6'` as 6."""
    text = rulespec.loader.resolve("oware").read_text(encoding="utf-8").replace("  pits: $pits", "  " + change)
    with pytest.raises(SpecError) as caught:
        rulespec.load_text(text, "t.yaml")
    assert [p.message for p in caught.value.problems] == [message]


def test_messages_show_values_as_yaml_writes_them() -> None:
    with pytest.raises(SpecError) as caught:
        rulespec.load_text("name: 2026-01-01\n", "d.yaml")
    assert "expected text, got the date 2026-01-01 (quote it to write text)" in str(caught.value)
    with pytest.raises(SpecError) as caught:
        rulespec.load_text("name: x\nboard: {ranks: 2, pits: 6, {a: 1}: 2}\n", "k.yaml")
    assert str(caught.value.problems[0]) == "k.yaml:2:8: a key must be a name, not a mapping or a list"
    assert "ordereddict" not in str(caught.value)


def test_stages_and_marks_past_their_bounds_are_refused_where_written() -> None:
    """70 marks overflowed a 32-bit number (a traceback in show, fuzz and book); 2,000 stages
    took a minute to validate."""
    base = rulespec.loader.resolve("oware").read_text(encoding="utf-8")
    marks = "marks:\n" + "".join(f"  m{i}: {{meaning: m, set_after_move: {{count: 9}}}}\n" for i in range(70))
    stages = "stages:\n" + "".join(f"  - {{name: s{i}, until: {{count: 3}}}}\n" for i in range(2000)) + "  - {name: z}\n"
    for extra, where, message in ((marks, "m30", "mark 'm30': too many marks; a pit can carry at most 30"), (stages, "s30", "2001 stages")):
        text = base + extra
        started = time.monotonic()
        with pytest.raises(SpecError) as caught:
            rulespec.load_text(text, "b.yaml")
        assert time.monotonic() - started < 5
        line = next(i for i, row in enumerate(text.splitlines(), 1) if where + ":" in row or where + "," in row)
        assert [(p.line, message in p.message) for p in caught.value.problems] == [(line, True)]
    owned = "marks:\n" + "".join(f"  m{i}: {{meaning: m, owned: true}}\n" for i in range(16))
    with pytest.raises(SpecError, match="m15"):
        rulespec.load_text(base + owned, "o.yaml")
    rulespec.load_text(base + "marks:\n" + "".join(f"  m{i}: {{meaning: m, owned: true}}\n" for i in range(15)))


# --- the API -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["oware", "bao-la-kiswahili"])
def test_a_position_at_the_move_counters_bound_plays_and_its_snapshot_reads_back(name: str) -> None:
    """The counter saturates at its bound: a move played there once made a snapshot that
    state_from_snapshot refused (and overflowed a 32-bit int in the kernel)."""
    game = rulespec.load(name)
    snap = game.new_initial_state().snapshot()
    snap["moves_played"] = 2**31 - 1
    state = game.state_from_snapshot(snap)
    state.apply_action(state.legal_actions()[0])
    again = game.state_from_snapshot(state.snapshot())
    assert again.snapshot()["moves_played"] == 2**31 - 1 and again.snapshot() == state.snapshot()


def test_pettingzoo_takes_whole_numbers_only() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from rulespec.adapters import pettingzoo

    env = pettingzoo.env("kalah")
    env.reset(seed=0)
    for action in (1.5, True):
        with pytest.raises(TypeError, match="an action is an int"):
            env.step(action)
    assert env.unwrapped.state_.history() == []
    env.step(np.int64(1))
    assert env.unwrapped.state_.history() == [1]


def test_a_parameter_is_a_32_bit_number() -> None:
    """OpenSpiel's parameters once raised a pybind RuntimeError on a default beyond 64 bits."""
    text = rulespec.loader.resolve("oware").read_text(encoding="utf-8")
    huge = text.replace("    default: 6\n", f"    default: {10**23}\n").replace("    max: 26\n", "")
    with pytest.raises(SpecError, match="is not a parameter's size: at most 2147483647"):
        rulespec.load_text(huge, "h.yaml")
    with pytest.raises(SpecError, match="expected at most 2147483647"):
        rulespec.load_text(text.replace("    max: 26\n", f"    max: {10**23}\n"), "h.yaml")


@pytest.mark.parametrize("engine", ["compiled", "interpreted"])
def test_playouts_of_a_game_that_never_ends_stop_at_the_cap(monkeypatch, engine: str) -> None:
    """`game.playouts(1)` looped for ever in C (and ignored Ctrl-C) on a spec whose games never end."""
    from rulespec.errors import LimitError
    from rulespec.interpreter import native

    monkeypatch.setattr(native, "MAX_PLAYOUT_ACTIONS", 20_000)
    monkeypatch.setenv("RULESPEC_PURE", "1" if engine == "interpreted" else "0")
    game = rulespec.load_text("name: Endless\nboard: {ranks: 2, pits: 2, stores: none}\nsetup: {per_pit: 50}\n"
                              "turn: {moves: [{from: {side: own, count: {min: 1}}}]}\n"
                              "end: [{kind: move_limit, moves: 2000000000}]\nscoring: {counts: [own_pits]}\n")
    with pytest.raises(LimitError, match="more than 20000 actions without ending"):
        game.playouts(1)
    assert rulespec.load("oware").playouts(3)["games"] == 3


def test_count_pits_nests_two_deep_at_most() -> None:
    """Each level tests every pit again: six levels made one move never finish."""
    base = rulespec.loader.resolve("oware").read_text(encoding="utf-8")

    def nested(depth: int) -> str:
        cond = "{count: {min: 1}}"
        for _ in range(depth):
            cond = "{count_pits: {where: " + cond + ", count: {min: 1}}}"
        return base.replace("when: {side: opponent, count: [2, 3]}",
                            "when: {side: opponent, count: [2, 3], all: [" + cond + "]}")

    game = rulespec.load_text(nested(2), "n.yaml")
    assert game.playouts(2)["games"] == 2
    with pytest.raises(SpecError, match="count_pits inside count_pits may nest 2 deep at most"):
        rulespec.load_text(nested(6), "n.yaml")


def test_the_markdown_book_makes_no_link_to_a_script_or_a_file() -> None:
    from markdown_it import MarkdownIt

    from rulespec.book import render_book

    text = rulespec.loader.resolve("oware").read_text(encoding="utf-8").replace(
        "notes:\n", "notes:\n  - \"[click](javascript:alert(1)) [here] (FILE:///etc/passwd) [ok](https://example.org)\"\n"
                    "  - \"[ref]\\n\\n[ref]: javascript:alert(2)\"\n", 1)
    book = render_book(rulespec.load_text(text, "o.yaml")).markdown
    assert "click" in book
    # a viewer that follows any scheme (markdown-it refuses these itself) would find no link
    assert not re.search(r"\]\s*[(:]\s*<?\s*(javascript|file):", book, re.IGNORECASE)
    html = MarkdownIt().render(book)
    assert 'href="javascript' not in html.lower() and 'href="file' not in html.lower()
    assert 'href="https://example.org"' in html


def test_a_relay_lifting_the_next_pit_refuses_what_it_would_not_read() -> None:
    """stop_when and ask_when read the landing pit, which a relay with lift: next does not lift:
    Pallanguli played the same with and without them. Such a relay lifts the pit after the
    landing pit in the move's direction: a direction set later is refused. The opening race's
    another-turn test read the pit after the landing pit under lift: next: the race refuses it."""
    text = rulespec.loader.resolve("pallanguli").read_text(encoding="utf-8")
    for key in ("stop_when", "ask_when"):
        changed = text.replace("    lift: next\n", f"    lift: next\n    {key}: {{count: 4}}\n", 1)
        line = changed.splitlines().index(f"    {key}: {{count: 4}}") + 1
        with pytest.raises(SpecError) as caught:
            rulespec.load_text(changed, "p.yaml")
        assert [(p.line, p.message.split(" (")[0]) for p in caught.value.problems] == [
            (line, f"{key} is not read with lift: next")]
    later = text.replace("      direction: counterclockwise\n", "      direction: later\n", 1)
    line = later.splitlines().index("      direction: later") + 1
    with pytest.raises(SpecError) as caught:
        rulespec.load_text(later, "p.yaml")
    assert [(p.line, "needs the move's direction from its start" in p.message) for p in caught.value.problems] == [
        (line, True)]
    sungka = rulespec.loader.resolve("sungka").read_text(encoding="utf-8")
    assert "laps:" in sungka
    race = sungka.replace("kind: relay", "kind: relay\n    lift: next", 1)
    with pytest.raises(SpecError, match=r"relays that lift the landing pit \(lift: landing\)"):
        rulespec.load_text(race, "s.yaml")


def test_outputs_are_never_written_through_a_symbolic_link(tmp_path: Path) -> None:
    """`-o` naming a link planted in a shared folder overwrote the file it pointed at."""
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (tmp_path / "schema.json").symlink_to(target)
    result = CliRunner().invoke(app, ["schema", "-o", str(tmp_path / "schema.json")])
    assert result.exit_code == 1 and "symbolic link" in result.output
    assert target.read_text() == "keep me"
    from rulespec.outputs import write_output

    assert write_output(tmp_path / "plain.txt", "text").read_text() == "text"


def test_a_pdf_book_wraps_a_long_url_and_a_long_name(tmp_path: Path) -> None:
    """A note with a 420-character URL or a 300-character name ran off the page ("its layout
    is wrong ... please report it")."""
    pytest.importorskip("weasyprint")
    url = "https://example.org/" + "a" * 400
    text = rulespec.loader.resolve("kalah").read_text(encoding="utf-8").replace(
        "notes:\n", f"notes:\n  - \"See {url} for more.\"\n", 1).replace("name: Kalah", "name: " + "W" * 300, 1)
    spec = tmp_path / "long.yaml"
    spec.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["book", str(spec), "-f", "pdf", "-o", str(tmp_path / "long.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "long.pdf").stat().st_size > 10_000
