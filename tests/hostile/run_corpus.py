"""Run the `rulespec` commands on a corpus of hostile inputs, each in its own forked child
under CPU, wall-clock and memory limits, and report every run that did not end well.

    python tests/hostile/run_corpus.py WORKDIR [--seed N] [--mutants N] [--no-memory-limit]

A run ends well when it exits 0 or 1 (or 2 with a usage message: a bad option), is not killed by a signal (a crash, or the time limit),
prints no traceback, opens no network connection and writes nothing outside its output
folder. The corpus is the hand-written files beside this script plus inputs generated here:
broken encodings, a file over the size limit, a FIFO, a folder, /dev/zero, deep nesting,
thousands of wrong values, and shipped variants with values replaced at random (seeded).
Prints one JSON object: {"runs": N, "failures": [...]}. tests/test_hostile.py runs it, and
the sanitizer job runs it again against a kernel built with AddressSanitizer and UBSan.

The interpreter and the libraries are imported once, then each run is a fork: a crash or a
hang ends only that child, and the corpus runs in about a minute.
"""
from __future__ import annotations

import argparse
import faulthandler
import importlib
import json
import os
import random
import resource
import signal
import socket
import sys
import traceback
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import rulespec.cli  # noqa: E402 - imported once, before the forks
from rulespec.limits import MAX_FILE_BYTES  # noqa: E402
from rulespec.loader import shipped_variants, variants_dir  # noqa: E402

PRELOAD = ("rulespec.interpreter", "rulespec.interpreter.native", "rulespec.examples", "rulespec.summary", "rulespec.records",
           "rulespec.book", "rulespec.fuzz", "rulespec.players", "rulespec.analysis.match", "rulespec.solve",
           "rulespec.check.mutate")
"""Modules the commands import when they run, imported here once rather than in every child
(they hold no state about an input). Importing is not what the corpus tests."""
for _name in PRELOAD:
    try:
        importlib.import_module(_name)
    except ImportError:  # pragma: no cover - an optional extra that is not installed
        pass

try:  # the web page's uploads are input too (the web extra)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from rulespec.web import create_app
except ImportError:  # pragma: no cover - without the web extra the uploads are not run
    TestClient = None

CPU_SECONDS = 60
WALL_SECONDS = 90
MEMORY_BYTES = 3 * 2**30
HOSTILE_VALUES: list[Any] = [-1, 0, 2**31, 2**63, 10**30, "", "<script>alert(1)</script>", [], {}, None, True, 1.5,
                             "file:///etc/passwd", "x" * 500, [[[[[]]]]], "$nope", "A99", {"kind": "nope"}]


def generated(folder: Path, seed: int, mutants: int) -> list[Path]:
    """Inputs written for this run: encodings, sizes, special files, nesting, mutants."""
    folder.mkdir(parents=True, exist_ok=True)
    oware = (variants_dir() / "oware.yaml").read_text(encoding="utf-8")
    files = {
        "latin1.yaml": "name: Caf\xe9\n".encode("latin-1"),
        "utf16.yaml": oware.encode("utf-16"),
        "binary.yaml": bytes(range(256)) * 4,
        "nul.yaml": b"name: a\x00b\n",
        "bom.yaml": b"\xef\xbb\xbf" + oware.encode("utf-8"),
        "too-big.yaml": b"# " + b"x" * (MAX_FILE_BYTES + 10) + b"\n",
        "deep-flow.yaml": b"name: x\nboard: " + b"[" * 3000 + b"]" * 3000 + b"\n",
        "deep-block.yaml": ("name: x\nboard:\n" + "".join(" " * (2 * i) + f"k{i}:\n" for i in range(1, 400))).encode(),
        "many-errors.yaml": ("name: M\nboard: {ranks: 2, pits: 6}\nsetup: {per_pit: 4}\nend: [{kind: no_legal_move}]\n"
                             "aliases:\n" + "".join("  - [1]\n" for _ in range(20000))).encode(),
        "empty.yaml": b"",
        "scalar.yaml": b"42\n",
        "list.yaml": b"- a\n- b\n",
        "tags.yaml": b"name: !!python/object/apply:os.system ['echo pwned']\n",
        "syntax.yaml": b"name: [unclosed\nboard: {\n",
        "record-binary.txt": bytes(range(256)),
        "record-huge-number.txt": b"Variant: oware\n\n99999999999999999999999: A1 a1\n",
        "record-long.txt": b"Variant: oware\n\n" + b"".join(b"%d: A1 A1\n" % i for i in range(1, 3000)),
    }
    paths = []
    for name, data in files.items():
        (folder / name).write_bytes(data)
        paths.append(folder / name)
    fifo = folder / "fifo.yaml"
    if not fifo.exists():
        os.mkfifo(fifo)
    (folder / "folder.yaml").mkdir(exist_ok=True)
    paths += [fifo, folder / "folder.yaml", Path("/dev/zero")]
    paths += round_two(folder, oware)
    paths += mutated(folder, seed, mutants)
    return paths


SECRET = "SECRET-CANARY-4d1e"
"""Written in a file outside the corpus folder and in the environment: no output may show it."""


def round_two(folder: Path, oware: str) -> list[Path]:
    """The second probe's inputs: `extends:` naming files that were never handed over, and
    YAML that crashed libyaml, expanded to gigabytes or held no valid Unicode."""
    private = folder.parent / "private"
    private.mkdir(exist_ok=True)
    (private / "private_config.yaml").write_text(oware.replace("name: Oware", f"name: {SECRET}"))
    (folder / "link-out.yaml").unlink(missing_ok=True)
    (folder / "link-out.yaml").symlink_to(private / "private_config.yaml")
    parents = {"absolute": str(private / "private_config.yaml"), "dotdot": "../private/private_config.yaml",
               "passwd": "/etc/passwd", "environ": "/proc/self/environ", "zero": "/dev/zero",
               "urandom": "/dev/urandom", "fifo": "fifo.yaml", "symlink": "link-out.yaml"}
    files = {f"extends-{k}.yaml": f"name: Child\nextends: {v}\nboard: {{pits: 5}}\n" for k, v in parents.items()}
    files |= {
        "deep-sequences.yaml": "name: x\nboard:\n" + "- " * 30000 + "x\n",
        "alias-characters.yaml": "name: x\na: &a \"" + "y" * 8000 + "\"\nb: [" + ", ".join(["*a"] * 30000) + "]\n",
        "surrogate.yaml": oware.replace("name: Oware", 'name: "O\\ud800ware"'),
        "binary-tag.yaml": oware.replace("name: Oware", "name: !!binary T3dhcmU="),
        "key-tag.yaml": oware.replace("name: Oware", "!!str name: Oware"),
        "emoji-line.yaml": "name: x\n" + "# c\n" * 98 + "board: {ranks: 2, pits: 6, stores: :x:}\n",
        "control-characters.yaml": oware.replace("name: Oware", 'name: "\\x1b[2J\\x1b]0;pwned\\x07Oware"'),
        "record-capture-list.txt": "Variant: glass-bead-game\n\n1: A1 x " + " ".join(["B5"] * 60000) + "\n",
        "record-long-number.txt": "Variant: oware\n\n" + "9" * 5000 + ": A a\n",
    }
    out = []
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        out.append(folder / name)
    return out


def mutated(folder: Path, seed: int, count: int) -> list[Path]:
    """Shipped variants with one to three values replaced by hostile ones."""
    from ruamel.yaml import YAML

    rng = random.Random(seed)
    yaml = YAML(typ="safe", pure=True)
    names = shipped_variants()
    out = []
    for i in range(count):
        name = names[i % len(names)]
        doc = yaml.load((variants_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
        for _ in range(rng.randint(1, 3)):
            _replace(doc, rng)
        path = folder / f"mutant-{i}-{name}.yaml"
        with path.open("w", encoding="utf-8") as fh:
            yaml.dump(doc, fh)
        out.append(path)
    return out


def _replace(doc: Any, rng: random.Random) -> None:
    """Replace one value somewhere in the document."""
    node = doc
    for _ in range(rng.randint(1, 6)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or rng.random() < 0.3:
            node[key] = rng.choice(HOSTILE_VALUES)
            return
        node = child


def jobs(corpus: list[Path], records: list[Path], out: Path) -> list[list[str]]:
    """The command lines to run. Every spec is validated and shown; the others sample it."""
    specs = [str(p) for p in corpus]
    sample = [s for s in specs if "mutant" not in s] + [s for s in specs if "mutant" in s][:6]
    runs = [["validate", s] for s in specs] + [["show", s] for s in sample]
    runs += [["play", s] for s in sample[::2]]
    runs += [["fuzz", s, "--games", "2", "--max-actions", "150", "--out", str(out)] for s in sample[1::2]]
    runs += [["book", s, "-f", "html", "-o", str(out / f"book-{i}.html")] for i, s in enumerate(sample[::3])]
    runs += [["book", str(HERE / "book-script.yaml"), "-f", "pdf", "-o", str(out / "evil.pdf")],
             ["schema", "-o", str(out)], ["fuzz", "oware", "--games", "1", "--out", "/nonexistent"]]
    runs += [["replay", str(r)] for r in records] + [["replay", str(r), "--variant", "kalah"] for r in records[:3]]
    # the commands added since: each takes a spec (and lint several); a few inputs each
    few = sample[::4]
    runs += [["lint", s, "--games", "3"] for s in few[::2]]
    runs += [["crosscheck", s, "kalah", "--games", "2"] for s in few[1::2]]
    runs += [["match", s, "random", "greedy", "-n", "2", "--max-moves", "60", "--workers", "1"] for s in few[::2]]
    runs += [["analyze", s, "-n", "2", "--max-moves", "60", "--workers", "1", "--no-pdf",
              "-o", str(out / f"analysis-{i}")] for i, s in enumerate(few[1::2])]
    runs += [["solve", s, "--memory", "50"] for s in few[::3]]
    runs += [["mutate", s, "--games", "1", "--jobs", "1"] for s in few[::5]]
    runs += [["bench", str(HERE / "take-any-many.yaml")]]
    # parameters are input too
    runs += [["show", "oware", "-p", p] for p in ("pits=1000000000", "pits=-3", "pits=x", "nope=1", "pits")]
    runs += [["upload", s] for s in sample[::4]] + [["upload-record", str(r)] for r in records]
    # round two: every extends probe through the commands that print a spec, and uploaded
    probes = [s for s in specs if Path(s).name.startswith(("extends-", "deep-seq", "alias-char", "surrogate"))]
    runs += [["validate", "--source", s] for s in probes] + [["book", s, "-f", "md"] for s in probes]
    runs += [["upload", s] for s in probes]
    # options out of range, and files where reports are read or written
    runs += [["match", "kalah", "random", "greedy", "--games", "0"], ["analyze", "kalah", "--games", "0", "--no-pdf"],
             ["fuzz", "oware", "--games", "-1"], ["fuzz", "oware", "--games", str(10**12), "--workers", "2"],
             ["bench", "kalah", "--rounds", "0"], ["crosscheck", "oware", "openspiel:no_such_game", "--games", "1"],
             ["match", "kalah", "random", "greedy", "-n", "2", "--ray-address", "ray://127.0.0.1:1"],
             ["analyze", "kalah", "-n", "1", "--no-pdf", "-o", "/dev/full"],
             ["analyze", "kalah", "-p", "seeds=1..1000000000", "-n", "1", "--no-pdf"],
             ["mutate", "oware", "--only", "/bin/true"], ["mutate", "oware", "--only", "/dev/zero"],
             ["schema", "--check", "-o", "/dev/zero"], ["show", "oware", "-p", "pits=²"],
             ["show", "oware", "-p", "pits=" + "9" * 5000]]
    return runs


def no_network(*args: Any, **kwargs: Any) -> Any:
    sys.stderr.write("\nNETWORK ACCESS ATTEMPTED\n")
    raise OSError("network access refused in the hostile-input run")


def child(args: list[str], work: Path, memory: bool) -> None:
    """In the fork: limits, no stdin, output to files, no network; run the command; exit."""
    os.chdir(work)
    faulthandler.disable()  # a crash is reported by the parent, from the exit status
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 5))
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    signal.alarm(WALL_SECONDS)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd, name in ((1, "stdout"), (2, "stderr")):
        target = os.open(work / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(target, fd)
    sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the fork's own streams (not a test runner's)
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
    os.environ["RULESPEC_CANARY"] = SECRET  # /proc/self/environ would show it
    socket.socket.connect = socket.socket.connect_ex = no_network  # type: ignore[method-assign]
    socket.create_connection = no_network  # type: ignore[assignment]
    sys.argv = ["rulespec", *args]
    code = 0
    try:
        if args[0].startswith("upload"):
            code = upload(args[0], Path(args[1]))
        else:
            rulespec.cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - reported as a failure by the parent
        traceback.print_exc()
        code = 70
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


APP: Any = None
"""The web app, made once before the forks (its list of variants too)."""


def warm_web_app() -> None:
    global APP
    APP = create_app()
    with client_of(APP) as client:
        client.post("/replay", data={})


def client_of(app: Any) -> Any:
    """A client as the app's own page is: on its bound address, with its form token."""
    return TestClient(app, base_url="http://127.0.0.1:8000", headers={"X-CSRF-Token": app.state.csrf_token})


def upload(what: str, path: Path) -> int:
    """The file uploaded to the web page (/upload for a spec, /replay for a record): 0 when the
    page answers with a redirect or a 4xx page (an error it shows), 2 otherwise. A server
    error raises here, and is reported as a traceback."""
    field, url = ("record", "/replay") if what == "upload-record" else ("spec", "/upload")
    data = path.read_bytes()[:1 << 20] if path.is_file() else b""
    with client_of(APP) as client:
        answer = client.post(url, files={field: (path.name, data, "text/plain")}, follow_redirects=False)
    print(answer.status_code, answer.headers.get("location", ""))
    return 0 if answer.status_code in (303, 400, 413, 422) else 2


def run(args: list[str], root: Path, index: int, out: Path, memory: bool) -> dict[str, Any] | None:
    """One command in a fork; a description of what went wrong, or None."""
    work = root / f"run-{index}"
    work.mkdir()
    before = set(out.iterdir())
    pid = os.fork()
    if pid == 0:
        try:
            child(args, work, memory)
        finally:
            os._exit(71)
    _, status = os.waitpid(pid, 0)
    stderr = (work / "stderr").read_text(encoding="utf-8", errors="replace")
    stdout = (work / "stdout").read_text(encoding="utf-8", errors="replace")
    problems = []
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        problems.append(f"killed by signal {sig} ({signal.Signals(sig).name})")
    elif os.WEXITSTATUS(status) not in (0, 1) and not (os.WEXITSTATUS(status) == 2 and "Usage:" in stderr):
        problems.append(f"exit status {os.WEXITSTATUS(status)}")  # 2 is a usage error (a bad option)
    for text in (stdout, stderr):
        if "Traceback" in text:
            problems.append("a traceback")
        if "NETWORK ACCESS" in text:
            problems.append("a network connection")
        if "root:" in text or SECRET in text:
            problems.append("a line of a file or environment it was not given")
        if "Sanitizer" in text or "runtime error:" in text:
            problems.append("a sanitizer report")
    strays = sorted(p.name for p in work.iterdir() if p.name not in ("stdout", "stderr"))
    if strays:
        problems.append(f"wrote {strays} in its working folder")
    wrote = {p.name for p in set(out.iterdir()) - before}
    allowed = {Path(a).name for a in args if a.startswith(str(out))} | {p for p in wrote if p.endswith(".svg")}
    if wrote - allowed and args[0] != "fuzz":
        problems.append(f"wrote {sorted(wrote - allowed)} in the output folder")
    if not problems:
        return None
    return {"args": args, "problems": problems, "stderr": stderr[-1500:], "stdout": stdout[-500:]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("workdir", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mutants", type=int, default=12)
    parser.add_argument("--no-memory-limit", action="store_true", help="for AddressSanitizer, which maps terabytes")
    parser.add_argument("--only", default="", help="run only these commands (comma-separated: lint,upload)")
    parser.add_argument("--skip", default="", help="run all but these commands (comma-separated)")
    opts = parser.parse_args()
    root = opts.workdir.resolve()
    out = root / "output"
    out.mkdir(parents=True, exist_ok=True)
    corpus = sorted(p for p in HERE.glob("*.yaml")) + generated(root / "generated", opts.seed, opts.mutants)
    records = sorted(HERE.glob("record-*.txt")) + sorted((root / "generated").glob("record-*.txt"))
    corpus = [p for p in corpus if not p.name.startswith("record-")]
    failures = []
    cpu: dict[str, float] = {}
    only = set(filter(None, opts.only.split(",")))
    skip = set(filter(None, opts.skip.split(",")))
    todo = [a for a in jobs(corpus, records, out) if (not only or a[0] in only) and a[0] not in skip
            and (TestClient is not None or not a[0].startswith("upload"))]
    if any(a[0].startswith("upload") for a in todo):
        warm_web_app()
    for i, args in enumerate(todo):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        failure = run(args, root, i, out, not opts.no_memory_limit)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        cpu[args[0]] = round(cpu.get(args[0], 0.0) + used, 2)
        if failure:
            failures.append(failure)
    print(json.dumps({"runs": len(todo), "failures": failures, "cpu_seconds": cpu}, indent=1))


if __name__ == "__main__":
    main()
