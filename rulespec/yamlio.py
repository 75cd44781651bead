"""Safe YAML 1.2 loading that remembers where every key and value came from."""
from __future__ import annotations

import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import RoundTripConstructor
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                                SequenceStartEvent)
from ruamel.yaml.main import CParser
from ruamel.yaml.resolver import VersionedResolver

from .errors import Problem, SpecError
from .limits import MAX_EXPANDED_CHARS, MAX_FILE_BYTES, MAX_NESTING, MAX_YAML_NODES

Loc = tuple[int, int]


class SourceMap:
    """Maps a path of keys/indices in the document to (line, col), both 1-based."""

    def __init__(self, root: Any, path: str):
        self.root = root
        self.path = path

    def locate(self, keys: tuple[Any, ...], *, key: bool = False) -> Loc:
        """Location of the value at `keys` (or of its key, with key=True); the nearest
        existing ancestor when the path does not exist (e.g. a missing field)."""
        node = self.root
        loc: Loc = (1, 1)
        for i, k in enumerate(keys):
            last = i == len(keys) - 1
            if isinstance(node, CommentedMap) and k in node:
                kl, kc, vl, vc = _positions(node, k, 4)
                loc = (kl + 1, kc + 1) if (last and key) else (vl + 1, vc + 1)
                node = node[k]
            elif isinstance(node, CommentedSeq) and isinstance(k, int) and 0 <= k < len(node):
                ln, cn = _positions(node, k, 2)
                loc = (ln + 1, cn + 1)
                node = node[k]
            else:
                if isinstance(node, (CommentedMap, CommentedSeq)) and i == 0 and loc == (1, 1):
                    loc = (node.lc.line + 1, node.lc.col + 1)
                break
        return loc

    def problem(self, keys: tuple[Any, ...], message: str, *, key: bool = False) -> Problem:
        line, col = self.locate(keys, key=key)
        return Problem(self.path, line, col, message)


def _positions(node: Any, key: Any, size: int) -> tuple[int, ...]:
    """ruamel's recorded positions of a key/item, or the container's own when none were kept."""
    data = node.lc.data.get(key) if isinstance(node.lc.data, dict) else None
    if data is None or any(v is None for v in data[:size]):
        return (node.lc.line or 0, node.lc.col or 0) * (size // 2)
    return tuple(data[:size])


def _refused_nodes(node: Any, trail: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], str, bool]]:
    """Paths of values a spec may not hold, why, and whether the key is at fault: an explicit
    YAML tag, or text that is not valid Unicode (a lone surrogate written as an escape,
    "\\ud800", which no file can store)."""
    found = []
    if getattr(getattr(node, "tag", None), "value", None) is not None:
        found.append((trail, TAGS, False))
    if isinstance(node, str) and not _is_unicode(node):
        found.append((trail, SURROGATE, False))
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(k, str) and not _is_unicode(k):
                found.append((trail + (k,), SURROGATE, True))
            if not isinstance(k, (str, int, float, bool, type(None))):  # `{a: 1}: 2`, `? [a, b]`
                found.append((trail, "a key must be a name, not a mapping or a list", False))
                continue
            found += _refused_nodes(v, trail + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _refused_nodes(v, trail + (i,))
    return found


TAGS = "YAML tags (such as !!python/...) are not allowed in a spec"
SURROGATE = "a lone surrogate (\\ud800 to \\udfff) is not a character: this is not Unicode text"


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_events(yaml: YAML, text: str, path: str) -> list[Problem]:
    """What the parser's events show before anything is built, in one linear pass:

    - an explicit tag anywhere, keys included (`!!binary`, `!!set`, `!!python/...`): refused,
      since a spec is plain data;
    - the document's size with every alias expanded. Anchors and aliases let a spec write a
      condition once and use it twice; nested in one another (or one long text aliased many
      times) they make a few lines stand for gigabytes. Values and characters are counted,
      and a document over MAX_YAML_NODES values or MAX_EXPANDED_CHARS characters is refused
      at the alias that crosses the bound.

    A syntax error is left for the parser to report."""
    if "*" not in text and "!" not in text:
        return []
    sizes: dict[str, tuple[int, int]] = {}
    open_nodes: list[list[Any]] = [[None, 0, 0]]  # [anchor, values, characters] so far
    try:
        for event in _events(yaml, text):
            if getattr(event, "tag", None) is not None:
                return [_at(path, event, TAGS)]
            if isinstance(event, (MappingStartEvent, SequenceStartEvent)):
                open_nodes.append([event.anchor, 1, 1])
                continue
            if isinstance(event, (MappingEndEvent, SequenceEndEvent)):
                anchor, values, chars = open_nodes.pop()
            elif isinstance(event, AliasEvent):
                anchor, (values, chars) = None, sizes.get(event.anchor, (1, 1))
            elif isinstance(event, ScalarEvent):
                anchor, values, chars = event.anchor, 1, len(event.value) + 1
            else:
                continue
            if anchor:
                sizes[anchor] = (values, chars)
            total = open_nodes[-1]
            total[1] += values
            total[2] += chars
            if total[1] > MAX_YAML_NODES or total[2] > MAX_EXPANDED_CHARS:
                return [_at(path, event, f"with its aliases (*name) expanded the spec would have more than "
                                         f"{MAX_YAML_NODES} values or {MAX_EXPANDED_CHARS} characters; "
                                         f"write it out without nesting aliases")]
    except Exception:  # noqa: BLE001 - a syntax error: load() reports it with its position
        return []
    return []


def _at(path: str, event: Any, message: str) -> Problem:
    mark = event.start_mark
    return Problem(path, mark.line + 1, mark.column + 1, message)


def _events(yaml: YAML, text: str) -> Any:
    """The parser's events, from libyaml where it is installed (see _FastLoader)."""
    if CParser is None:
        yield from yaml.parse(text)
        return
    parser = CParser(text)
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        parser.dispose()


_BRACKETS = re.compile(r"[\[\]{}\n]")


def _flow_nesting(text: str, path: str) -> Problem | None:
    """The first `[` or `{` more than MAX_NESTING deep, found in one linear pass. ruamel's
    scanner keeps a possible key for every open `[` and rescans them all at each token, so a
    few thousand nested brackets took seconds to end in a RecursionError. Brackets in quoted
    text are counted too: only a hundred unclosed ones there could be refused."""
    depth = 0
    line, start = 1, 0
    for found in _BRACKETS.finditer(text):
        i, ch = found.start(), found.group()
        if ch == "\n":
            line, start = line + 1, i + 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return Problem(path, line, i - start + 1, f"[ ] and {{ }} nest more than {MAX_NESTING} deep here; "
                                                          "a spec nests a few levels")
        elif ch in "]}" and depth:
            depth -= 1
    return None


_INDICATOR = re.compile(r"[-?:](?:[ \t]+|$)")


def _block_nesting(text: str, path: str) -> Problem | None:
    """The first line whose block lists and mappings nest more than MAX_NESTING deep, found in
    one linear pass before any parser runs. libyaml's composer recurses once per level on
    the C stack: 30,000 nested `- - - ...` crashed the process (SIGSEGV). The count is an
    upper bound: as a YAML scanner keeps indentation columns, every column where a line
    opens a block node (its indentation, then each `- `, `? ` or `: ` indicator) is a level."""
    columns: list[int] = []
    for line_no, line in enumerate(text.split("\n"), 1):
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        col = len(line) - len(stripped)
        while columns and columns[-1] >= col:
            columns.pop()
        columns.append(col)
        rest, at = stripped, col
        while (found := _INDICATOR.match(rest)) and len(columns) <= MAX_NESTING:
            at, rest = at + found.end(), rest[found.end():]
            columns.append(at)
        if len(columns) > MAX_NESTING:
            return Problem(path, line_no, at + 1, f"block lists and mappings nest more than {MAX_NESTING} deep "
                                                  f"here; a spec nests a few levels")
    return None


if CParser is not None:
    class _FastLoader(CParser, RoundTripConstructor, VersionedResolver):  # type: ignore[misc, valid-type]
        """libyaml's parser (ruamel.yaml.clib) under ruamel's round-trip constructor and YAML 1.2
        resolver: the same tree with the same positions as the pure-Python parser, about three
        times faster over the shipped specs (benchmarks/loading.py). ruamel's own YAML(typ="rt")
        never uses the C parser, hence this class."""

        comment_handling = None

        def __init__(self, text: str):
            CParser.__init__(self, text)
            self._parser = self._composer = self
            RoundTripConstructor.__init__(self, loader=self)
            self.allow_duplicate_keys = False
            VersionedResolver.__init__(self, version=None, loadumper=self)


def pure_yaml() -> YAML:
    """ruamel's pure-Python round-trip reader, configured as specs are read."""
    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    return yaml


def _fast_load(text: str) -> Any:
    """The document through libyaml, or None where it is not installed or the text is not a
    plain valid spec (the pure parser then reads it again and words the error)."""
    if CParser is None:
        return None
    try:
        loader = _FastLoader(text)
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except Exception:  # noqa: BLE001 - any problem is reported by the pure parser below
        return None


def read_yaml(text: str, path: str) -> tuple[Any, SourceMap]:
    """Parse YAML safely (no tags that build objects, no alias bombs), keeping positions."""
    if len(text) > MAX_FILE_BYTES and len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise SpecError([Problem(path, 1, 1, f"more than {MAX_FILE_BYTES} bytes; a spec may have at most "
                                             f"{MAX_FILE_BYTES}")])
    if not _is_unicode(text):
        at = next(i for i, ch in enumerate(text) if not _is_unicode(ch))
        line = text.count("\n", 0, at) + 1
        raise SpecError([Problem(path, line, at - (text.rfind("\n", 0, at) + 1) + 1, SURROGATE)])
    too_deep = _flow_nesting(text, path) or _block_nesting(text, path)
    if too_deep:
        raise SpecError([too_deep])
    yaml = pure_yaml()
    refused = _check_events(yaml, text, path)
    if refused:
        raise SpecError(refused)
    try:
        root = _fast_load(text)
        if root is None:
            root = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = _plain_words((exc.problem or exc.context or "invalid YAML").strip())
        if (exc.context and "while parsing a flow" in exc.context and exc.context_mark and exc.problem_mark
                and exc.context_mark.line != exc.problem_mark.line):
            what += (f" ({exc.context.strip()} that starts at line {exc.context_mark.line + 1}, "
                     f"column {exc.context_mark.column + 1})")
        raise SpecError([Problem(path, line, col, f"YAML syntax error: {what}")]) from None
    except RecursionError:
        raise SpecError([Problem(path, 1, 1, "the YAML is nested too deeply to read (a spec nests a few levels)")]) \
            from None
    except Exception as exc:  # ruamel raises a few unmarked errors (e.g. bad tags)
        raise SpecError([Problem(path, 1, 1, f"YAML error: {exc}")]) from None
    if not isinstance(root, CommentedMap):
        raise SpecError([Problem(path, 1, 1, "a spec must be a YAML mapping of rule blocks")])
    smap = SourceMap(root, path)
    refused = _refused_nodes(root, ())
    if refused:
        raise SpecError([smap.problem(trail, why, key=key) for trail, why, key in refused])
    return root, smap


_JARGON = {
    "expected <block end>, but found '<block mapping start>'":
        "bad indentation: this line is indented differently from the keys above it",
    "expected <block end>, but found '<block sequence start>'":
        "bad indentation: this list is indented differently from the keys above it",
    "expected <block end>, but found '<scalar>'":
        "bad indentation: this line is indented differently from the lines above it",
    "mapping values are not allowed here":
        "a ':' is not allowed here (fix the indentation, or quote the text)",
}


def _plain_words(message: str) -> str:
    """The parser's message, with its jargon replaced by words a spec author knows."""
    return _JARGON.get(message, message)


def plain(node: Any) -> Any:
    """A copy made of plain dicts, lists, str, int, float, bool and None."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    if isinstance(node, str):
        return str(node)
    return node
