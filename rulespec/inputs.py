"""Reading the files people hand to rulespec (specs, records): regular files of bounded size,
as UTF-8 text, refused with a located message otherwise (docs/limits.md)."""
from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from .errors import Problem, RulespecError
from .limits import MAX_FILE_BYTES


class InputError(RulespecError):
    """A file that cannot be read as a spec or record; `problem` says where and why."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem))


class TooLarge(InputError):
    """A file over MAX_FILE_BYTES (the web page answers 413)."""


def read_text(path: str | Path, what: str = "spec") -> str:
    """The file's text. Refuses what is not a regular file (a directory, a FIFO that would
    block, a device such as /dev/zero that never ends), a file over MAX_FILE_BYTES, and text
    that is not UTF-8 (a UTF-8 byte order mark is dropped)."""
    name = str(path)

    def refuse(message: str, line: int = 1, col: int = 1) -> InputError:
        return InputError(Problem(name, line, col, message))

    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise refuse(f"is a directory, not a {what} file") from None
    except FileNotFoundError:
        raise refuse("no such file") from None
    except OSError as exc:
        raise refuse(f"cannot open the {what} file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise refuse(f"is a directory, not a {what} file")
        if not stat.S_ISREG(info.st_mode):
            raise refuse(f"is not a regular file (a device, pipe or socket); a {what} must be a file")
        if info.st_size > MAX_FILE_BYTES:
            raise TooLarge(Problem(name, 1, 1, f"{info.st_size} bytes; a {what} file may have at most "
                                               f"{MAX_FILE_BYTES} bytes"))
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(fd)
    return from_bytes(data, name, what)


def from_bytes(data: bytes, name: str, what: str = "spec") -> str:
    """The text of a file's bytes handed over another way (an upload to the web page): at most
    MAX_FILE_BYTES, UTF-8, no NUL, refused as read_text refuses a file."""
    if len(data) > MAX_FILE_BYTES:
        raise TooLarge(Problem(name, 1, 1, f"more than {MAX_FILE_BYTES} bytes; a {what} file may have at most "
                                           f"{MAX_FILE_BYTES}"))
    return decode(data, name, what)


def decode(data: bytes, name: str, what: str = "spec") -> str:
    """UTF-8 text, or InputError at the first byte that is not."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        raise InputError(Problem(name, 1, 1, f"the {what} is UTF-16 or UTF-32 text; save it as UTF-8"))
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise InputError(Problem(name, line, col, f"byte 0x{data[exc.start]:02x} is not UTF-8 text; "
                                                  f"a {what} file must be saved as UTF-8")) from None
    if "\0" in text:
        at = text.index("\0")
        line = text.count("\n", 0, at) + 1
        raise InputError(Problem(name, line, at - (text.rfind("\n", 0, at) + 1) + 1,
                                 f"a NUL character: this is a binary file, not a {what}"))
    return text
