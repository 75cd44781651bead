"""Progress of long commands on stderr: a rich progress bar on a terminal, plain lines
elsewhere (a log, a CI job), so that a long run always says how far it has come."""
from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

PLAIN_EVERY = 10.0
"""Seconds between two plain progress lines."""

Update = Callable[..., None]
"""update(done, note=""): how much is done (of the total, if one was given) and a short note."""


@contextmanager
def progress(label: str, total: int | None = None, unit: str = "", stream: TextIO | None = None,
             every: float | None = None) -> Iterator[Update]:
    """A context whose value is update(done, note="") for `label`'s progress, `done` counted
    in `unit` (e.g. "games"); a bar on a terminal (cleared at the end), else a line every
    `every` seconds, and one at the end of a run that printed any."""
    stream = stream if stream is not None else sys.stderr
    if stream.isatty():
        with _bar(label, total, unit, stream) as update:
            yield update
        return
    with _lines(label, total, unit, stream, PLAIN_EVERY if every is None else every) as update:
        yield update


@contextmanager
def _bar(label: str, total: int | None, unit: str, stream: TextIO) -> Iterator[Update]:
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn,
                               TimeElapsedColumn)

    columns = ([TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()] if total is not None
               else [SpinnerColumn(), TextColumn("{task.description}"), TextColumn("{task.completed:,}")])
    bar = Progress(*columns, TextColumn(unit), TimeElapsedColumn(), TextColumn("{task.fields[note]}"),
                   console=Console(file=stream, highlight=False), transient=True)
    task = bar.add_task(label, total=total, note="")
    with bar:
        yield lambda done, note="": bar.update(task, completed=done, note=note)


@contextmanager
def _lines(label: str, total: int | None, unit: str, stream: TextIO, every: float) -> Iterator[Update]:
    start = time.monotonic()
    printed_at = start
    latest: tuple[int, str] | None = None
    printed: tuple[int, str] | None = None

    def line(done: int, note: str) -> None:
        nonlocal printed_at, printed
        of = f"/{total:,}" if total is not None else ""
        counted = f"{done:,}{of}{' ' + unit if unit else ''}"
        stream.write(f"{label}: {counted}{', ' + note if note else ''} ({time.monotonic() - start:.0f} s)\n")
        stream.flush()
        printed_at, printed = time.monotonic(), (done, note)

    def update(done: int, note: str = "") -> None:
        nonlocal latest
        latest = (done, note)
        if time.monotonic() - printed_at >= every:
            line(done, note)

    yield update
    if latest is not None and latest != printed and time.monotonic() - start >= every:
        line(*latest)
