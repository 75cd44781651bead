"""The input limits of docs/limits.md, each with its located message: files, YAML, problems,
the vocabulary, and what `replay` does with a record naming a file that is no spec."""
from __future__ import annotations

import gc
import os
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli import app
from rulespec.errors import SpecError
from rulespec.limits import MAX_FILE_BYTES, MAX_PROBLEMS
from rulespec.loader import load_spec

HOSTILE = Path(__file__).parent / "hostile"
OWARE = rulespec.load_spec("oware").text


def problems(path) -> list[str]:
    with pytest.raises(SpecError) as caught:
        load_spec(path)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("name, data, message", [
    ("latin1.yaml", "name: Caf\xe9\n".encode("latin-1"), "latin1.yaml:1:10: byte 0xe9 is not UTF-8 text"),
    ("utf16.yaml", OWARE.encode("utf-16"), "utf16.yaml:1:1: the spec is UTF-16 or UTF-32 text"),
    ("nul.yaml", b"name: a\x00b\n", "nul.yaml:1:8: a NUL character: this is a binary file"),
    ("big.yaml", b"#" * (MAX_FILE_BYTES + 1), f"a spec file may have at most {MAX_FILE_BYTES} bytes"),
])
def test_files_that_are_not_utf8_specs_of_bounded_size(tmp_path, name, data, message):
    (tmp_path / name).write_bytes(data)
    found = problems(tmp_path / name)
    assert len(found) == 1 and message in found[0], found


def test_a_utf8_byte_order_mark_is_dropped(tmp_path):
    (tmp_path / "bom.yaml").write_bytes(b"\xef\xbb\xbf" + OWARE.encode())
    assert load_spec(tmp_path / "bom.yaml").spec.name == "Oware"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX")
def test_fifos_folders_and_devices_are_refused_without_reading(tmp_path):
    os.mkfifo(tmp_path / "fifo.yaml")  # reading it would block forever
    (tmp_path / "folder.yaml").mkdir()
    assert "is not a regular file" in problems(tmp_path / "fifo.yaml")[0]
    assert "is a directory, not a spec file" in problems(tmp_path / "folder.yaml")[0]
    assert "is not a regular file" in problems("/dev/zero")[0]


def test_alias_bombs_are_refused_at_the_alias_that_crosses_the_bound():
    started = time.process_time()
    found = problems(HOSTILE / "alias-bomb.yaml")
    assert time.process_time() - started < 10
    assert found == [f"{HOSTILE / 'alias-bomb.yaml'}:7:11: with its aliases (*name) expanded the spec would have "
                     f"more than 100000 values or 1048576 characters; write it out without nesting aliases"]


def test_thousands_of_wrong_values_are_reported_briefly_and_in_linear_time(tmp_path):
    def spec(n: int) -> str:
        return ("name: M\nboard: {ranks: 2, pits: 6}\nsetup: {per_pit: 4}\nend: [{kind: no_legal_move}]\n"
                "aliases:\n" + "".join("  - [1]\n" for _ in range(n)))

    timings = []
    for n in (2000, 8000):
        best = float("inf")
        for _ in range(3):  # the best of three: a parse now takes a tenth of a second, so noise shows
            gc.collect()
            gc.disable()  # a collection scans the whole heap of a worker that ran other tests first
            try:
                started = time.process_time()
                with pytest.raises(SpecError) as caught:
                    rulespec.load_text(spec(n), "many.yaml")
                best = min(best, time.process_time() - started)
            finally:
                gc.enable()
        timings.append(best)
        assert len(caught.value.problems) == MAX_PROBLEMS + 1
        assert caught.value.problems[-1].message == (f"... and {n - MAX_PROBLEMS} more problems "
                                                     f"(the first {MAX_PROBLEMS} are shown)")
    assert timings[1] < 4 * timings[0] * 2  # four times the errors: about four times the time, not sixteen


def test_vocabulary_bounds_are_located():
    found = problems(HOSTILE / "vocabulary-bounds.yaml")
    where = str(HOSTILE / "vocabulary-bounds.yaml")
    assert found == [
        f"{where}:3:8: the setup puts up to 14000000000 pieces in play; a game has at most 100000 (see docs/limits.md)",
        f"{where}:3:18: per_pit is 1000000000; at most 100000 (see docs/limits.md)",
        f"{where}:4:66: take is 3000000000; at most 100000 (see docs/limits.md)",
        f"{where}:4:90: from_stock is 99999999999; at most 100000 (see docs/limits.md)",
        f"{where}:5:27: max_laps is 1000000000; at most 2000 (see docs/limits.md)",
        f"{where}:9:48: length is 5000000000; at most 256 (see docs/limits.md)",
        f"{where}:9:79: count is 4000000000; at most 256 (see docs/limits.md)",
    ]


def test_deep_nesting_is_refused_at_once_and_located():
    """3,000 nested `[` took ruamel's scanner seconds, then ended in a RecursionError at 1:1."""
    start = time.process_time()
    with pytest.raises(SpecError) as caught:
        rulespec.load_text("name: x\nboard: " + "[" * 3000 + "]" * 3000 + "\n", "deep.yaml")
    assert str(caught.value.problems[0]) == "deep.yaml:2:108: [ ] and { } nest more than 100 deep here; " \
                                           "a spec nests a few levels"
    assert time.process_time() - start < 1
    with pytest.raises(SpecError, match="deep.yaml:3:201: block lists and mappings nest more than 100 deep"):
        rulespec.load_text("name: x\nboard:\n" + "- " * 3000 + "x\n", "deep.yaml")


def test_a_condition_count_is_a_test_and_has_no_bound():
    text = OWARE.replace("count: [2, 3]}", "count: {min: 2, max: 100000000000000}}", 1)
    assert "100000000000000" in text
    rulespec.load_text(text, "oware.yaml").new_initial_state()


def test_skipping_every_pit_and_threatened_during_a_move_are_refused():
    assert "an empty condition is true of every pit" in problems(HOSTILE / "skip-everything.yaml")[0]
    assert "threatened looks ahead" in problems(HOSTILE / "threatened-in-from.yaml")[0]
    assert rulespec.load("bao-la-kiswahili")  # threatened in a mark, between moves, is fine


def test_replay_does_not_quote_a_file_that_is_no_spec(tmp_path):
    runner = CliRunner()
    done = runner.invoke(app, ["replay", str(HOSTILE / "record-shadow.txt")])
    assert done.exit_code == 1
    assert "neither a shipped variant nor a .yaml spec file" in done.output
    secret = tmp_path / "secret.yaml"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1\n")
    record = tmp_path / "game.txt"
    record.write_text(f"Variant: {secret}\n\n1: A1 a1\n")
    done = runner.invoke(app, ["replay", str(record)])
    assert done.exit_code == 1 and "is not a valid spec" in done.output
    assert "root" not in done.output.replace(str(tmp_path), "") and "daemon" not in done.output


@pytest.mark.parametrize("args, message", [
    (["fuzz", "kalah", "--games", "1", "--out", "/nonexistent"], "not a folder"),
    (["schema", "-o", "."], "a folder; name the file to write"),
    (["replay", "."], "is a directory, not a record file"),
    (["validate", "."], "is a directory, not a spec file"),
])
def test_outputs_and_inputs_that_are_folders(args, message):
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 1 and message in done.output, done.output


def test_a_book_written_to_a_folder_is_named_after_its_game(tmp_path):
    done = CliRunner().invoke(app, ["book", "kalah", "-o", str(tmp_path)])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "kalah.md").read_text(encoding="utf-8").startswith("# Kalah")


def test_spec_text_given_through_the_api_is_bounded_too():
    with pytest.raises(SpecError, match=f"a spec may have at most {MAX_FILE_BYTES}"):
        rulespec.load_text("#" * (MAX_FILE_BYTES + 1), "pasted.yaml")
