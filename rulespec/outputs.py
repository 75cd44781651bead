"""Writing the files rulespec makes (rulebooks, reports, schemas, failure records): never
through a symbolic link. An output path is often in a folder others can write to (a shared
checkout, a download folder); a link planted there would have rulespec overwrite the file it
points at, with the rights of whoever ran the command."""
from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import IO, Any


class LinkRefused(OSError):
    """The output path is a symbolic link."""


def open_output(path: str | Path, mode: str = "w", **kwargs: Any) -> IO[Any]:
    """`open(path, mode)` for writing (w or wb), refusing a path that is a symbolic link (its
    target is left untouched) with LinkRefused."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP or Path(path).is_symlink():
            raise LinkRefused(errno.ELOOP, "a symbolic link: rulespec writes no file through one", str(path)) \
                from None
        raise
    return os.fdopen(fd, mode, **kwargs)


def write_output(path: str | Path, data: str | bytes) -> Path:
    """Write `data` (text as UTF-8) to `path`, not through a symbolic link; the path."""
    binary = isinstance(data, bytes)
    with open_output(path, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as fh:
        fh.write(data)
    return Path(path)
