"""Safe YAML with places: a file's bytes in, a node tree that keeps positions out.

Content files are read with PyYAML's safe composer (the C one when present),
never its full loader. On top of PyYAML this module turns every problem into a
``ProphecyError`` with a file, line and column: bytes that are not UTF-8, tabs
and bad indentation, duplicate keys (which PyYAML would silently overwrite),
anchors and aliases (rejected, so a small file cannot expand into a huge one),
merge keys and empty files. It also maps a place inside a string value back to
its column in the file, for errors found in effect text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from prophecy.dsl.errors import ContentErrors, ProphecyError

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE = "tag:yaml.org,2002:merge"
_RESOLVER = yaml.resolver.Resolver()
#: Deeper data is refused: the content needs about five levels, and the
#: recursive steps after composing must not run out of stack.
MAX_DEPTH = 64

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

    def __post_init__(self) -> None:
        if not self.lines:
            self.lines = self.text.splitlines()

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
    return src, node, to_data(node)


def compose_text(text: str) -> yaml.Node | None:
    """A string's YAML node tree with the project's loader (for short texts of our own)."""
    return yaml.compose(text, Loader=_Loader)


def read_source(path: Path, rel: str) -> Source:
    """The file decoded as UTF-8; a ProphecyError at the first bad byte."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ProphecyError(
            f"cannot read the file: {exc.strerror or exc}", where=str(path),
            hint="check that it is a readable file",
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _bad_bytes(path, data, exc.start) from None
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return Source(path, rel, text.removeprefix(bom), bom=bom)


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
    try:
        root = yaml.compose(src.text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_error(src, exc)]
    except yaml.YAMLError as exc:  # pragma: no cover - every libyaml error has a mark
        return None, [src.error(str(exc).splitlines()[0], 1, 1)]
    if root is None:
        hint = empty_hint or "write this file's content, or delete the file"
        return None, [src.error("the file is empty", 1, 1, hint)]
    if _has_shared_nodes(root):
        return None, [_alias_error(src)]
    errors = list(_node_errors(src, root))
    return (None if errors else root), errors


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
    for event in yaml.parse(src.text, Loader=_Loader):
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
        plain = not node.style
        return str(_RESOLVER.resolve(yaml.ScalarNode, node.value, (plain, not plain)))  # type: ignore[no-untyped-call]
    return str(_RESOLVER.resolve(type(node), None, None))  # type: ignore[no-untyped-call]


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
    return yaml.constructor.SafeConstructor().construct_document(root)


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
