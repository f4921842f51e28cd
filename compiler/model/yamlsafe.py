"""Safe YAML with places: a file's bytes in, a node tree that keeps positions out.

Every YAML file the project reads comes through here (``load_yaml``), with
PyYAML's composer (the C one when present), never its full loader. On top of
PyYAML this module turns every problem into a ``ProphecyError`` with a file,
line and column: a path that is not a regular file, a file over
``MAX_FILE_BYTES``, nesting deeper than ``MAX_DEPTH`` (refused before PyYAML
composes it, since its C composer recurses without a limit), bytes that are
not UTF-8, tabs and bad indentation, duplicate keys (which PyYAML would
silently overwrite), anchors and aliases (rejected, so a small file cannot
expand into a huge one), merge keys and empty files.

Plain values are read as YAML 1.2 reads them, not as PyYAML's YAML 1.1:
integers are decimal digits only (``0x10``, ``017`` and ``1:30`` stay text),
booleans are ``true`` and ``false`` only (``yes`` and ``on`` stay text), and
dates stay text. Lines are counted as PyYAML counts them (``\r``, ``\n``,
``\r\n``, U+0085, U+2028 and U+2029 each end a line), so every place named
in a message, and every offset ``prophecy fmt`` writes at, is the one the
reader saw. It also maps a place inside a string value back to its column in
the file, for errors found in effect text.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from prophecy.dsl.errors import ContentErrors, ProphecyError

_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"
#: Deeper data is refused: the content needs about five levels, and neither
#: PyYAML's C composer nor the steps after it may run out of stack.
MAX_DEPTH = 64
#: A content file is a few kilobytes; a megabyte is far beyond any real one.
MAX_FILE_BYTES = 1_000_000
#: Where a line ends, for YAML (and so for every place this module names).
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


class Resolver(yaml.resolver.BaseResolver):
    """Plain scalars as YAML 1.2's core schema reads them, without hex, octal or dates."""


Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)
Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"),
)
Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][-+]?[0-9]+)?$|^[-+]?[0-9]+[eE][-+]?[0-9]+$"),
    list("-+.0123456789"),
)
Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""],
)
Resolver.add_implicit_resolver(
    _MERGE, re.compile(r"^<<$"), ["<"],  # recognised only to be refused with its own message
)

class Constructor(yaml.constructor.SafeConstructor):
    """Plain data from nodes, with YAML 1.2's decimal integers ('017' is 17, not 15)."""

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = str(self.construct_scalar(node))
        if len(digits.lstrip("+-")) > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"the number {digits[:12]}... has more than {MAX_DIGITS} digits",
                node.start_mark)
        return int(digits)


Constructor.add_constructor(
    "tag:yaml.org,2002:int", Constructor.construct_yaml_int)  # type: ignore[type-var]
#: No value of any content file needs a number this long.
MAX_DIGITS = 18

try:
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - PyYAML without libyaml
    CParser = None  # type: ignore[assignment,misc]

if CParser is not None:

    class _Loader(CParser, Constructor, Resolver):
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Constructor.__init__(self)
            Resolver.__init__(self)

else:  # pragma: no cover - PyYAML without libyaml

    class _Loader(  # type: ignore[no-redef]
        yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer,
        Constructor, Resolver,
    ):
        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            yaml.composer.Composer.__init__(self)
            Constructor.__init__(self)
            Resolver.__init__(self)


_RESOLVER = Resolver()

#: libyaml's wording → (our message, hint), matched on the start of its text.
_FRIENDLY: tuple[tuple[str, str, str], ...] = (
    (
        "mapping values are not allowed",
        "a ':' where a value was expected",
        "put a value that contains ': ' in quotes, or check the indentation of this line",
    ),
    (
        "did not find expected key",
        "bad indentation: this line does not line up with the keys above it",
        "indent each key of a mapping by the same number of spaces",
    ),
    (
        "did not find expected '-' indicator",
        "bad indentation: this line does not line up with the list above it",
        "start each list item with '- ' at the same column",
    ),
    (
        "could not find expected ':'",
        "a key without ':'",
        "write 'key: value', or put a text that runs over several lines in quotes",
    ),
    (
        "found unexpected end of stream",
        "this quote is never closed",
        "end the quoted text with the same quote mark",
    ),
    (
        "did not find expected ',' or ']'",
        "this '[' list is never closed",
        "end the list with ']' on the same line, or write one '- item' line per item",
    ),
    (
        "did not find expected ',' or '}'",
        "this '{' mapping is never closed",
        "end the mapping with '}' on the same line, or write 'key: value' lines",
    ),
    (
        "but found another document",
        "a content file holds one YAML document",
        "remove the '---' line and what follows, or move it to its own file",
    ),
)


@dataclass
class Source:
    """One content file: where it is, its text and its lines."""

    path: Path
    rel: str
    text: str
    lines: list[str] = field(default_factory=list)
    bom: str = ""  # a byte-order mark the file started with, kept when it is rewritten
    encoding: str = "utf-8"  # what the bytes were decoded as (a CSV file may be cp1252)

    def __post_init__(self) -> None:
        if not self.lines:
            self.lines = LINE_BREAK.split(self.text)

    @property
    def where(self) -> str:
        return str(self.path)

    def line(self, number: int) -> str:
        """The text of a 1-based line, or '' past the end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def error(
        self, message: str, line: int, column: int, hint: str = "", length: int = 1
    ) -> ProphecyError:
        """A ProphecyError at a 1-based line and column of this file."""
        return ProphecyError(
            message, line=line, column=column, hint=hint, where=self.where,
            source=self.line(line), length=length,
        )

    def error_at(self, node: yaml.Node, message: str, hint: str = "") -> ProphecyError:
        """A ProphecyError at the start of a node; the caret spans it when on one line."""
        start, end = node.start_mark, node.end_mark
        length = end.column - start.column if end.line == start.line else 1
        return self.error(message, start.line + 1, start.column + 1, hint, max(1, length))


def load_yaml(path: Path, rel: str = "", empty_hint: str = "") -> tuple[Source, yaml.Node, Any]:
    """A YAML file read safely: its source, node tree and plain data.

    The one way the project reads YAML; every problem is raised together as a
    ``ContentErrors``, each at its place in the file.
    """
    src = read_source(path, rel or path.name)
    node, problems = compose(src, empty_hint)
    if node is None:
        raise ContentErrors(problems)
    return src, node, data_of(src, node)


def data_of(src: Source, node: yaml.Node) -> Any:
    """The plain data of a checked node tree; a value that cannot be one is an error at it."""
    try:
        return to_data(node)
    except yaml.MarkedYAMLError as exc:  # a number too long to be one
        mark = exc.problem_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ContentErrors([src.error(exc.problem or "cannot read this value", line, column,
                                       "write a shorter number")]) from None


def compose_text(text: str) -> yaml.Node | None:
    """A string's YAML node tree with the project's loader (for short texts of our own)."""
    return _compose(text)


def _compose(text: str) -> yaml.Node | None:
    """The single document of ``text`` as nodes, with this module's loader."""
    loader = _Loader(text)
    try:
        node: yaml.Node | None = loader.get_single_node()
        return node
    finally:
        loader.dispose()


def read_source(path: Path, rel: str, fallback: str = "") -> Source:
    """A regular file of at most MAX_FILE_BYTES decoded as UTF-8 (or, when it is not UTF-8,
    as the ``fallback`` encoding where one is given); a ProphecyError if not."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise ProphecyError("not a regular file", where=str(path), line=0,
                                hint="content files are plain files, not folders, devices "
                                "or pipes")
        if info.st_size > MAX_FILE_BYTES:
            raise ProphecyError(
                f"the file is {info.st_size:,} bytes; a content file holds at most "
                f"{MAX_FILE_BYTES:,}", where=str(path), line=0,
                hint="split the file, or shorten what made it this long")
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ProphecyError(
            f"cannot read the file: {exc.strerror or exc}", where=str(path),
            hint="check that it is a readable file",
        ) from None
    encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        try:
            text, encoding = (data.decode(fallback), fallback) if fallback else ("", "")
        except UnicodeDecodeError:
            text = ""
        if not text:
            raise _bad_bytes(path, data, exc.start) from None
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return Source(path, rel, text.removeprefix(bom), bom=bom, encoding=encoding)


def _bad_bytes(path: Path, data: bytes, start: int) -> ProphecyError:
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", start)
    line_end = len(data) if line_end < 0 else line_end
    column = len(data[line_start:start].decode("utf-8")) + 1
    return ProphecyError(
        f"byte 0x{data[start]:02x} is not UTF-8 text",
        line=data.count(b"\n", 0, start) + 1,
        column=column,
        hint="save the file as UTF-8",
        where=str(path),
        source=data[line_start:line_end].decode("utf-8", errors="replace"),
    )


def compose(src: Source, empty_hint: str = "") -> tuple[yaml.Node | None, list[ProphecyError]]:
    """The file's single YAML document as nodes, or None and the reasons why not."""
    deep = _too_deep(src.text)
    if deep is not None:
        line, column = deep
        return None, [src.error(
            f"the data nests more than {MAX_DEPTH} levels deep", line, column,
            "content files need only a few levels of lists and mappings",
        )]
    try:
        root = _compose(src.text)
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_error(src, exc)]
    except yaml.YAMLError as exc:  # pragma: no cover - every libyaml error has a mark
        return None, [src.error(str(exc).splitlines()[0], 1, 1)]
    if root is None:
        hint = empty_hint or "write this file's content, or delete the file"
        return None, [src.error("the file is empty", 1, 1, hint)]
    if "*" in src.text and _has_shared_nodes(root):  # an alias is written with a '*'
        return None, [_alias_error(src)]
    errors = list(_node_errors(src, root))
    return (None if errors else root), errors


def _too_deep(text: str) -> tuple[int, int] | None:
    """The (line, column) where nesting first passes MAX_DEPTH, counted before composing.

    Block nesting is counted by indentation levels and leading '- ', flow
    nesting by open brackets (outside quotes and comments). It errs on the
    side of counting deeper than YAML would, which only matters far above
    any real content.
    """
    indents: list[int] = []
    flow = 0
    for number, line in enumerate(LINE_BREAK.split(text), 1):
        stripped = line.lstrip(" ")
        if flow == 0 and stripped and not stripped.startswith("#"):
            indent = len(line) - len(stripped)
            while indents and indents[-1] > indent:
                indents.pop()
            if not indents or indents[-1] < indent:
                indents.append(indent)
            dashes = _DASHES.match(stripped)
            depth = len(indents) + (dashes.group().count("-") if dashes else 0)
            if depth > MAX_DEPTH:
                return number, indent + 1
        if not _BRACKET.search(line):
            continue
        for column, char in _flow_chars(line):
            flow += 1 if char in "[{" else -1 if flow > 0 else 0
            if flow + len(indents) > MAX_DEPTH:
                return number, column + 1
    return None


_DASHES = re.compile(r"(?:-[ \t]+)*")
_BRACKET = re.compile(r"[\[\]{}]")


def _flow_chars(line: str) -> Iterator[tuple[int, str]]:
    """The brackets of a line that open or close flow collections (not in quotes or comments)."""
    quote = ""
    for column, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (column == 0 or line[column - 1] in " \t"):
            return
        elif char in "[]{}":
            yield column, char


def _syntax_error(src: Source, exc: yaml.MarkedYAMLError) -> ProphecyError:
    problem = exc.problem or exc.context or "not valid YAML"
    mark = exc.problem_mark or exc.context_mark
    if ("end of stream" in problem or "expected ','" in problem) and exc.context_mark:
        mark = exc.context_mark  # the opening quote or bracket that was never closed
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    text = src.line(line)
    if "\t" in text[: max(column, 1)] and ("tab" in problem or "cannot start any token" in problem):
        tab = text.index("\t") + 1
        return src.error(
            "a tab character in the indentation", line, tab,
            "YAML indents with spaces only: replace the tab with spaces",
        )
    for prefix, message, hint in _FRIENDLY:
        if problem.startswith(prefix):
            return src.error(message, line, column, hint)
    context = f"{exc.context} at line {exc.context_mark.line + 1}" if exc.context_mark else ""
    return src.error(f"not valid YAML: {problem}", line, column, context)


def _has_shared_nodes(root: yaml.Node) -> bool:
    """True when a node is reached twice: the document used an alias ('*name')."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            return True
        seen.add(id(node))
        stack.extend(children(node))
    return False


def _alias_error(src: Source) -> ProphecyError:
    loader = _Loader(src.text)
    events = []
    while loader.check_event():
        events.append(loader.get_event())
    loader.dispose()
    for event in events:
        if isinstance(event, yaml.AliasEvent):
            mark, anchor = event.start_mark, event.anchor or ""
            return src.error(
                f"YAML alias '*{anchor}' is not allowed",
                mark.line + 1 if mark else 1, mark.column + 1 if mark else 1,
                "write the value out in full; content files do not use anchors ('&') "
                "or aliases ('*')",
                length=len(anchor) + 1,
            )
    return src.error("YAML aliases are not allowed", 1, 1)  # pragma: no cover


def children(node: yaml.Node) -> Iterator[yaml.Node]:
    """The direct child nodes: keys and values of a mapping, items of a sequence."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield key
            yield value
    elif isinstance(node, yaml.SequenceNode):
        yield from node.value


def _node_errors(src: Source, root: yaml.Node) -> Iterator[ProphecyError]:
    """Too deep nesting, tags, keys that are not plain values, duplicate keys."""
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            mark = node.start_mark
            yield src.error(
                f"the data nests more than {MAX_DEPTH} levels deep", mark.line + 1,
                mark.column + 1, "content files need only a few levels of lists and mappings",
            )
            return
        stack.extend((child, depth + 1) for child in children(node))
        if node.tag != _implicit_tag(node):
            yield src.error_at(
                node, f"YAML tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}' is not allowed",
                "remove the tag: content files hold plain text, numbers, lists and mappings",
            )
        if isinstance(node, yaml.MappingNode):
            yield from _key_errors(src, node)


def _implicit_tag(node: yaml.Node) -> str:
    """The tag YAML gives the node without an explicit one: any other was written out."""
    if isinstance(node, yaml.ScalarNode):
        return _scalar_tag(node.value, not node.style)
    return str(_RESOLVER.resolve(type(node), None, None))  # type: ignore[no-untyped-call]


@lru_cache(maxsize=8192)
def _scalar_tag(value: str, plain: bool) -> str:
    """The tag YAML gives a scalar of this text, plain or quoted (the same texts come back
    again and again in a file: names, counts, true and false)."""
    return str(_RESOLVER.resolve(yaml.ScalarNode, value, (plain, not plain)))  # type: ignore[no-untyped-call]


def _key_errors(src: Source, node: yaml.MappingNode) -> Iterator[ProphecyError]:
    first: dict[str, yaml.Node] = {}
    for key, _ in node.value:
        if key.tag == _MERGE:
            yield src.error_at(key, "merge keys ('<<') are not allowed", "write the keys out")
        elif not isinstance(key, yaml.ScalarNode):
            yield src.error_at(key, "a key must be a plain name", "write 'name: value'")
        elif key.value in first:
            line = first[key.value].start_mark.line + 1
            yield src.error_at(
                key, f"duplicate key '{key.value}' (first at line {line})",
                "remove one of them: YAML would silently keep only the last",
            )
        else:
            first[key.value] = key


def to_data(root: yaml.Node) -> Any:
    """Plain Python data (dict, list, str, int, ...) from a checked node tree."""
    if isinstance(root, yaml.ScalarNode) and root.tag == _STR:
        return root.value  # text is itself (the most common value, read the most often)
    return Constructor().construct_document(root)



def lookup(root: yaml.Node, path: Iterator[Any] | list[Any]) -> tuple[yaml.Node, yaml.Node | None]:
    """The node at a path of keys and indices, and the key node it sits under.

    Stops at the deepest node that exists, so a path into missing data still
    gives a useful place.
    """
    node, key_node = root, None
    for step in path:
        found = _child(node, step)
        if found is None:
            break
        key_node, node = found
    return node, key_node


def _child(node: yaml.Node, step: Any) -> tuple[yaml.Node | None, yaml.Node] | None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value == str(step):
                return key, value
    elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(
        node.value
    ):
        return None, node.value[step]
    return None


def key_node(mapping: yaml.Node, name: str) -> yaml.Node | None:
    """The key node of ``name`` in a mapping node, if it is there."""
    found = _child(mapping, name)
    return found[0] if found else None


def scalar_place(src: Source, node: yaml.ScalarNode, offset: int) -> tuple[int, int]:
    """The file's 1-based (line, column) of character ``offset`` of a scalar's value.

    Exact for one-line plain, single-quoted and double-quoted scalars; other
    scalars (block or folded over lines) give the start of the value.
    """
    start, end = node.start_mark, node.end_mark
    line, column = start.line + 1, start.column + 1
    style = node.style or ""  # the C loader says '' for plain, the Python one None
    if start.line != end.line or style not in ("", "'", '"'):
        return line, column
    raw = src.line(line)[start.column : end.column]
    if not style:
        return line, column + offset
    return line, column + 1 + _raw_offset(raw[1:], offset, style)


def _raw_offset(raw: str, offset: int, style: str) -> int:
    """How many characters of quoted source hold the first ``offset`` value characters."""
    i = 0
    for _ in range(offset):
        if i >= len(raw):
            break
        if style == "'" and raw.startswith("''", i):
            i += 2
        elif style == '"' and raw[i] == "\\":
            i += _escape_length(raw, i)
        else:
            i += 1
    return i


def _escape_length(raw: str, i: int) -> int:
    code = raw[i + 1 : i + 2]
    return {"x": 4, "u": 6, "U": 10}.get(code, 2)
