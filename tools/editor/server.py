"""The language server: LSP messages over stdio in, diagnostics, completions and hovers out.

It serves the YAML files of a content folder (any folder with a game.yaml
above the file). On every change it runs ``prophecy check``, the text-fit
check and ``prophecy lint`` on the folder as the editor has it
(``analysis.py``), a short moment after the typing stops, and publishes the
problems of every file of the folder: each at its exact place, with its
hint and quick fixes. Completion offers what the grammar accepts next in an
effect line, and names (cards, grimoires, card types) elsewhere; hover on an
effect line shows its canonical form and what it does in play.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from prophecy.compiler.model import effect_lines_of
from prophecy.compiler.model.files import resolved
from prophecy.dsl.vocabulary import Vocabulary
from prophecy.tools.editor import analysis
from prophecy.tools.editor.complete import casing_of, effect_offers, name_offers
from prophecy.tools.editor.frames import serve
from prophecy.tools.editor.hover import effect_hover
from prophecy.tools.editor.spot import spot

#: How long after the last keystroke the folder is checked again.
DELAY = 0.15
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
}
_KINDS = {
    "keyword": types.CompletionItemKind.Keyword,
    "grimoire": types.CompletionItemKind.EnumMember,
    "card type": types.CompletionItemKind.EnumMember,
    "Dark Deed target": types.CompletionItemKind.EnumMember,
    "card": types.CompletionItemKind.Reference,
    "value": types.CompletionItemKind.Value,
    "name": types.CompletionItemKind.EnumMember,
}
#: Keys whose values name a thing of one kind; other values (scenario files) may name any.
_NAMED = {"grimoire": ("grimoire",), "types": ("card type",)}
_PROSE = frozenset({"name", "flavor", "flavour", "text", "reminder", "heading", "manifest_name",
                    "term", "definition", "version"})


class ContentServer(LanguageServer):
    """The server and what it knows: the last analysis of each content folder."""

    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            mine = version("dark-prophecies")
        except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
            mine = "0"
        super().__init__("prophecy", mine)
        self.results: dict[Path, analysis.Result] = {}
        self.published: dict[Path, set[Path]] = {}
        self.fit: dict[Path, dict[str, Any]] = {}
        self.pending: dict[Path, asyncio.Task[None]] = {}


server = ContentServer()


def _path(uri: str) -> Path | None:
    """The file a document is, saved or not: a ``file:`` URI's path, or the path an
    ``untitled:`` URI names (VS Code's new file at a path); None for a buffer of no path."""
    if uri.startswith("untitled:"):
        from urllib.parse import unquote

        named = unquote(uri.removeprefix("untitled:"))
        named = named[2:] if named.startswith("///") else named
        return resolved(Path(named)) if named.startswith("/") else None
    found = to_fs_path(uri)
    return resolved(Path(found)) if found else None


NO_FOLDER = ("prophecy checks the YAML files of a content folder (a folder with a game.yaml "
             "above the file): this buffer has no place yet. Save it inside a content "
             "folder and it is checked as you type.")


def _orphan(ls: ContentServer, params: types.DidOpenTextDocumentParams) -> None:
    """An untitled YAML buffer names no folder: say plainly that it cannot be checked."""
    document = params.text_document
    if document.language_id != "yaml" or _path(document.uri) is not None:
        return
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=document.uri, diagnostics=[types.Diagnostic(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)),
            message=NO_FOLDER, source="prophecy",
            severity=types.DiagnosticSeverity.Information)]))


def schedule(ls: ContentServer, uri: str, delay: float = DELAY) -> None:
    path = _path(uri)
    root = analysis.content_root(path) if path else None
    if root is None:
        return
    root = resolved(root)
    if root in ls.pending:
        ls.pending[root].cancel()
    ls.pending[root] = asyncio.ensure_future(_later(ls, root, delay))


async def _later(ls: ContentServer, root: Path, delay: float) -> None:
    await asyncio.sleep(delay)
    ls.pending.pop(root, None)
    refresh(ls, root)


def refresh(ls: ContentServer, root: Path) -> None:
    """Analyse a content folder as the editor has it and publish every file's problems."""
    texts, uris = {}, {}
    for uri, document in ls.workspace.text_documents.items():
        path = _path(uri)
        if path is not None and root in path.parents:
            texts[path] = document.source  # saved or not: a new file is part of the folder
            uris[path] = uri  # an untitled buffer's problems go to it, not to its path
    result = analysis.analyse_folder(root, texts, ls.fit.setdefault(root, {}))
    ls.results[root] = result
    before = ls.published.get(root, set())
    for path in before | set(result.problems):
        problems = result.problems.get(path, [])
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uris.get(path) or from_fs_path(str(path)) or path.as_uri(),
            diagnostics=[_diagnostic(p) for p in problems]))
    ls.published[root] = set(result.problems)


def _diagnostic(problem: analysis.Problem) -> types.Diagnostic:
    start = types.Position(problem.line - 1, problem.column - 1)
    end = types.Position(problem.line - 1, problem.column - 1 + problem.length)
    message = problem.message + (f"\nhint: {problem.hint}" if problem.hint else "")
    fixes = [{"title": f.title, "line": f.line, "column": f.column, "end_line": f.end_line,
              "end_column": f.end_column, "new": f.new} for f in problem.fixes]
    return types.Diagnostic(
        range=types.Range(start, end), message=message, source=problem.source,
        severity=_SEVERITY[problem.severity], code=problem.code or None,
        data={"fixes": fixes} if fixes else None)


# ------------------------------------------------------------------ documents
@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: ContentServer, params: types.DidOpenTextDocumentParams) -> None:
    _orphan(ls, params)
    schedule(ls, params.text_document.uri, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: ContentServer, params: types.DidChangeTextDocumentParams) -> None:
    schedule(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: ContentServer, params: types.DidSaveTextDocumentParams) -> None:
    schedule(ls, params.text_document.uri, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: ContentServer, params: types.DidCloseTextDocumentParams) -> None:
    schedule(ls, params.text_document.uri)


# ---------------------------------------------------------------- quick fixes
@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_action(ls: ContentServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    out = []
    for diagnostic in params.context.diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        for fix in data.get("fixes", []):
            edit = types.TextEdit(types.Range(
                types.Position(fix["line"] - 1, fix["column"] - 1),
                types.Position(fix["end_line"] - 1, fix["end_column"] - 1)), fix["new"])
            out.append(types.CodeAction(
                title=fix["title"], kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic], is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [edit]})))
    return out


# ----------------------------------------------------------------- completion
@server.feature(types.TEXT_DOCUMENT_COMPLETION,
                types.CompletionOptions(trigger_characters=[" ", ":", "+", ","]))
def completion(ls: ContentServer, params: types.CompletionParams) -> types.CompletionList:
    line, column = params.position.line, params.position.character
    lines = _lines(ls, params.text_document.uri)
    found = spot(lines, line, column)
    context = _context(ls, params.text_document.uri)
    if found is None or context is None:
        return types.CompletionList(is_incomplete=False, items=[])
    before = lines[line][found.start:column]
    spec = field_at(context, _path(params.text_document.uri), found.key)
    if spec is not None:
        offers = _field_offers(spec, before, context)
    elif found.is_effect:
        offers = effect_offers(before, context["vocab"], context["casing"])
    elif found.key in _PROSE:
        offers = []
    else:
        wanted = _NAMED.get(found.key or "")
        names = [(n, k) for n, k in context["names"] if wanted is None or k in wanted]
        offers = name_offers(before, names)
    items = [_item(o, line, column) for o in offers]
    return types.CompletionList(is_incomplete=False, items=items)


def field_at(context: dict[str, Any], path: Path | None, key: str | None) -> Any:
    """The field a key of a card file is, as its kind declares it (None for a file no kind
    lists, a key no kind has, or the 'name' and 'copies' every card has)."""
    from fnmatch import fnmatchcase

    root = context["root"]
    if path is None or key is None or root not in path.resolve().parents:
        return None
    rel = path.resolve().relative_to(root).as_posix()
    for kind in context["content"].pack.kinds:
        if fnmatchcase(rel, kind.pattern):
            return kind.field(key)
    return None


#: The words each vocabulary list's names are offered as.
_LIST_WORDS = {"grimoires": "grimoire", "card_types": "card type",
               "deed_targets": "Dark Deed target"}


def _field_offers(spec: Any, before: str, context: dict[str, Any]) -> list[Any]:
    """What a field of its declared type may hold: rules lines by the grammar, a name of its
    vocabulary list, a choice's values, true or false."""
    if spec.type == "rules":
        return effect_offers(before, context["vocab"], context["casing"])
    if spec.type == "name":
        word = _LIST_WORDS.get(spec.names, "name")
        names = getattr(context["content"], spec.names, ()) or ()
        return name_offers(before.strip("[ "), [(n, word) for n in names])
    if spec.type == "choice":
        return name_offers(before, [(value, "value") for value, _ in spec.values])
    if spec.type == "boolean":
        return name_offers(before, [("true", "value"), ("false", "value")])
    return []


def _item(offer: Any, line: int, column: int) -> types.CompletionItem:
    edit = types.TextEdit(types.Range(types.Position(line, column - offer.replaces),
                                      types.Position(line, column)), offer.label)
    return types.CompletionItem(label=offer.label, kind=_KINDS[offer.kind], detail=offer.kind,
                                text_edit=edit, filter_text=offer.label)


def _context(ls: ContentServer, uri: str) -> dict[str, Any] | None:
    """The vocabulary, keyword casing and names of the content folder a document is in."""
    path = _path(uri)
    root = analysis.content_root(path) if path else None
    if root is None:
        return None
    root = resolved(root)
    if root not in ls.results:
        refresh(ls, root)
    content = ls.results[root].content
    vocab = Vocabulary(content.grimoires, content.card_types, content.deed_targets)
    names = [(c.name, "card") for c in content.cards]
    names += [(g, "grimoire") for g in content.grimoires]
    names += [(t, "card type") for t in content.card_types]
    casing = casing_of([line.text for line in content.effect_lines()])
    return {"vocab": vocab, "casing": casing, "names": names, "content": content, "root": root}


def _lines(ls: ContentServer, uri: str) -> list[str]:
    """A document's lines as the editor has it; none for one neither open nor on disk."""
    try:
        document = ls.workspace.get_text_document(uri)
        return [t.rstrip("\r\n") for t in document.lines]
    except (OSError, TypeError, ValueError):  # asked about a file that is not there
        return []


# ---------------------------------------------------------------------- hover
@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: ContentServer, params: types.HoverParams) -> types.Hover | None:
    line = params.position.line
    lines = _lines(ls, params.text_document.uri)
    found = spot(lines, line, params.position.character)
    context = _context(ls, params.text_document.uri)
    if found is None or context is None or not found.text.strip():
        return None
    spec = field_at(context, _path(params.text_document.uri), found.key)
    if not (spec.type == "rules" if spec is not None else found.is_effect):
        return None
    if not found.start <= params.position.character <= found.start + len(found.text):
        return None
    grimoire = _card_grimoire(context, _path(params.text_document.uri), line + 1)
    text = effect_hover(found.value, context["vocab"], grimoire)
    span = types.Range(types.Position(line, found.start),
                       types.Position(line, found.start + len(found.text)))
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), span)


def _card_grimoire(context: dict[str, Any], path: Path | None, line: int) -> str | None:
    """The grimoire of the card whose effect line is on ``line`` (for 'this' and 'matching')."""
    if path is None:
        return None
    rel = path.relative_to(context["root"]).as_posix() if context["root"] in path.parents else ""
    for card in context["content"].cards:
        if card.place.file == rel and any(e.place.line == line for e in effect_lines_of(card)):
            grimoire: str | None = card.grimoire_of
            return grimoire
    return None


def serve_stdio() -> None:
    """Run the server on standard input and output until the editor closes it.

    The frames are read by ``frames.py`` rather than pygls's reader, so that a
    broken frame is answered and passed over, never swallowing the next request.
    """
    serve(server)
