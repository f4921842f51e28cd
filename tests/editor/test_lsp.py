"""`prophecy lsp` driven by a real LSP client over stdio (pytest-lsp): what an editor shows.

The server runs as its own process, as an editor starts it, on a copy of the
bundled content; positions are the LSP's (0-based lines and columns).
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from prophecy.compiler.model.files import bundled_content

pytestmark = pytest.mark.slow  # the language server as a subprocess


@pytest.fixture
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(bundled_content(), root, ignore=shutil.ignore_patterns("__*"))
    return root


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "prophecy.tools", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(data_support=True),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown])))))
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="yaml", version=1,
        text=path.read_text(encoding="utf-8") if text is None else text)))
    return uri


async def _diagnostics(client: LanguageClient, uri: str, want=lambda d: True, tries: int = 30):
    """The diagnostics published for ``uri`` once ``want`` holds for them (or the last ones)."""
    for _ in range(tries):
        found = client.diagnostics.get(uri)
        if found is not None and want(found):
            return list(found)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 1)
    return list(client.diagnostics.get(uri, []))


@pytest.mark.asyncio(loop_scope="module")
async def test_a_misspelt_grimoire_inside_an_effect_string_is_placed_at_its_column(
        client: LanguageClient, content: Path):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8").replace(
        '"Grimoire Level 2 + Top Discard Necromancy:',
        '"Grimoire Level 2 + Top Discard Necromncy:')
    uri = _open(client, path, text)
    found = await _diagnostics(client, uri, lambda d: any("Necromncy" in x.message for x in d))
    errors = [d for d in found if d.severity == types.DiagnosticSeverity.Error]
    assert len(errors) == 1
    error = errors[0]
    line = text.splitlines()[36]
    assert line.startswith('      - "Grimoire Level 2 + Top Discard Necromncy: ')
    assert error.range == types.Range(types.Position(36, 40), types.Position(36, 49))
    assert line[40:49] == "Necromncy"
    assert error.message == ("unknown card type or grimoire 'Necromncy'\n"
                             "hint: did you mean 'Necromancy'?")
    assert error.source == "prophecy check"
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri), range=error.range,
        context=types.CodeActionContext(diagnostics=[error])))
    assert [a.title for a in actions] == ["Replace with 'Necromancy'"]
    assert list(actions[0].edit.changes[uri]) == [types.TextEdit(error.range, "Necromancy")]


@pytest.mark.asyncio(loop_scope="module")
async def test_the_error_goes_away_when_the_line_is_fixed(client: LanguageClient, content: Path):
    path = content / "arcana" / "necromancy.yaml"
    good = path.read_text(encoding="utf-8")
    bad = good.replace('"Add 1 to any Dark Deed"', '"Add 1 to any Dark Dead"', 1)
    uri = _open(client, path, bad)
    assert await _diagnostics(client, uri, lambda d: len(d) > 0)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [types.TextDocumentContentChangeWholeDocument(text=good)]))
    assert await _diagnostics(client, uri, lambda d: len(d) == 0) == []


@pytest.mark.asyncio(loop_scope="module")
async def test_a_line_not_in_canonical_form_has_a_quick_fix(client: LanguageClient,
                                                           content: Path):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8").replace('"Add 1 to any Dark Deed"',
                                                    '"add 1 to  ANY dark deed"', 1)
    uri = _open(client, path, text)
    found = await _diagnostics(client, uri, lambda d: len(d) > 0)
    found = [d for d in found if d.source == "prophecy fmt"]
    assert [(d.range.start.line, d.range.start.character, d.severity)
            for d in found] == [(11, 8, types.DiagnosticSeverity.Information)]
    assert found[0].message.startswith("not in canonical form: 'Add 1 to any Dark Deed'")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    edit = actions[0].edit.changes[uri][0]
    assert edit.new_text == '"Add 1 to any Dark Deed"'
    lines = text.splitlines()
    assert lines[11][edit.range.start.character:edit.range.end.character] == (
        '"add 1 to  ANY dark deed"')


@pytest.mark.asyncio(loop_scope="module")
async def test_lint_findings_are_warnings_with_their_code(client: LanguageClient, content: Path):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8").replace("It keeps the hours", "It keeps the "
                                                    "graveyard hours", 1)
    uri = _open(client, path, text)
    found = await _diagnostics(client, uri, lambda d: any(x.source == "prophecy lint" for x in d))
    lint = [d for d in found if d.source == "prophecy lint"]
    assert [(d.code, d.severity, d.range.start.line, d.range.start.character) for d in lint] == [
        ("PL101", types.DiagnosticSeverity.Warning, 13, 26)]
    assert lint[0].message.startswith("'graveyard' is not the game's word")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri), range=lint[0].range,
        context=types.CodeActionContext(diagnostics=lint)))
    edit = list(actions[0].edit.changes[uri])[0]
    assert edit.new_text == "discard pile"
    assert text.splitlines()[13][edit.range.start.character:edit.range.end.character] == (
        "graveyard")


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_offers_what_the_grammar_accepts_next(client: LanguageClient,
                                                              content: Path):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8").replace('      - "Add 1 to any Dark Deed"\n',
                                                    '      - "Grimoire Level 2: D"\n', 1)
    uri = _open(client, path, text)
    column = len('      - "Grimoire Level 2: D')
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(11, column)))
    labels = [item.label for item in result.items]
    assert labels == ["Discard", "Draw"]
    assert result.items[0].text_edit.range == types.Range(types.Position(11, column - 1),
                                                          types.Position(11, column))
    assert {item.kind for item in result.items} == {types.CompletionItemKind.Keyword}


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_offers_vocabulary_and_card_names(client: LanguageClient,
                                                          content: Path):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8").replace('      - "Add 1 to any Dark Deed"\n',
                                                    '      - "Top Discard Cr"\n', 1)
    uri = _open(client, path, text)
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(11, len('      - "Top Discard Cr'))))
    assert [(i.label, i.detail) for i in result.items] == [("Creature", "card type")]
    scenario = content / "scenarios.yaml"
    uri = _open(client, scenario, "scenarios:\n  - given:\n      hand: [Ossuary Key, Bon\n")
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(2, len("      hand: [Ossuary Key, Bon"))))
    assert [(i.label, i.detail) for i in result.items] == [("Bone Lantern", "card")]


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_shows_the_canonical_form_and_what_it_does(client: LanguageClient,
                                                              content: Path):
    path = content / "arcana" / "necromancy.yaml"
    text = path.read_text(encoding="utf-8").replace('"Add 1 to any Dark Deed"',
                                                    '"add 1 to a  matching dark deed"', 1)
    uri = _open(client, path, text)
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(11, 12)))
    assert hover is not None
    lines = hover.contents.value.splitlines()
    assert lines[0] == "**Add 1 to a matching Dark Deed**"
    assert lines[2] == ("In play: Put the top card of the Arcana deck face down on one of your "
                        "Dark Deeds of your choice, among those of this card's grimoire "
                        "(Necromancy). Like every effect it is optional.")
    assert "prophecy fmt" in lines[-1]
    nothing = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(8, 12)))
    assert nothing is None


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_offers_what_a_packs_declared_field_holds(client: LanguageClient,
                                                                  tmp_path: Path):
    """In a game of other kinds, a choice offers its values and a flag true or false, as the
    pack's game.yaml declares them; a prose field offers nothing."""
    from prophecy.tools.init import shipped

    root = tmp_path / "basic"
    shutil.copytree(shipped()["prophecy-basic"], root)
    path = root / "items.yaml"
    text = path.read_text(encoding="utf-8")
    rows = text.splitlines()
    slot = next(i for i, r in enumerate(rows) if r.strip().startswith("slot:"))
    indent = rows[slot][: len(rows[slot]) - len(rows[slot].lstrip())]
    rows[slot] = f"{indent}slot: t"
    uri = _open(client, path, "\n".join(rows) + "\n")
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(slot, len(rows[slot]))))
    assert [(i.label, i.detail) for i in result.items] == [("two_hands", "value")]
    rows[slot] = f"{indent}throwable: "
    uri = _open(client, path, "\n".join(rows) + "\n")
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(slot, len(rows[slot]))))
    assert [i.label for i in result.items] == ["true", "false"]
    rows[slot] = f"{indent}effect: Tw"
    uri = _open(client, path, "\n".join(rows) + "\n")
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(slot, len(rows[slot]))))
    assert list(result.items) == []


# --------------------------------------------------------------- what an editor gets wrong
def _frame(body: bytes, header: bytes | None = None) -> bytes:
    head = b"Content-Length: %d\r\n\r\n" % len(body) if header is None else header
    return head + body


async def _hover_answered(client: LanguageClient, uri: str) -> None:
    """A hover request sent now gets its answer (a result or an error), not silence."""
    await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(0, 0))), 10)


@pytest.mark.parametrize("broken", [
    b"Content-Type: application/json\r\n\r\n{}",  # no length at all
    b"Content-Length: twelve\r\n\r\n",  # a length that is no number
    _frame(b'{"jsonrpc": "2.0", "method": "$/x"}', b"Content-Length: 5000\r\n\r\n"),  # too long
    _frame(b'{"jsonrpc": "2.0", "method": "$/x"}', b"Content-Length: 9\r\n\r\n"),  # too short
    b"Content-Length: 2\r\n",  # a header that never ends
], ids=["no-length", "bad-length", "too-long", "too-short", "no-blank-line"])
@pytest.mark.asyncio(loop_scope="module")
async def test_after_a_malformed_frame_the_next_request_is_answered(
        client: LanguageClient, content: Path, broken: bytes):
    uri = _open(client, content / "arcana" / "necromancy.yaml")
    client.protocol.writer.write(broken)
    await _hover_answered(client, uri)


@pytest.mark.parametrize("method", ["textDocument/hover", "textDocument/completion"])
@pytest.mark.asyncio(loop_scope="module")
async def test_a_request_with_an_impossible_position_gets_an_error_answer(
        client: LanguageClient, content: Path, method: str):
    import json
    from concurrent.futures import Future

    from pygls.exceptions import JsonRpcException

    uri = _open(client, content / "arcana" / "necromancy.yaml")
    # written by hand: the client's own types refuse a negative position before sending
    answer: Future[object] = Future()
    client.protocol._request_futures[f"bad-{method}"] = answer
    client.protocol.writer.write(_frame(json.dumps({
        "jsonrpc": "2.0", "id": f"bad-{method}", "method": method,
        "params": {"textDocument": {"uri": uri}, "position": {"line": -1, "character": 0}},
    }).encode()))
    with pytest.raises(JsonRpcException) as caught:
        await asyncio.wait_for(asyncio.wrap_future(answer), 10)
    assert caught.value.code == -32602  # invalid params
    assert "Position.line should be in range" in caught.value.message
    # a position past the end of the document is no error: there is nothing there
    found = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(9999, 0)))
    assert found is None


NEW_ARCANA = ("# yaml-language-server: $schema=../schemas/arcana.schema.json\n"
              "grimoire: Necromancy\ncards:\n  - name: Fresh Grave\n    types: [Spell]\n"
              "    effects:\n      - \"Draw 1 Arcanna\"\n")


@pytest.mark.asyncio(loop_scope="module")
async def test_a_new_file_not_yet_saved_is_checked_as_part_of_its_folder(
        client: LanguageClient, content: Path):
    path = content / "arcana" / "fresh.yaml"
    assert not path.exists()
    uri = _open(client, path, NEW_ARCANA)
    found = await _diagnostics(client, uri, lambda d: any("Arcanna" in x.message for x in d))
    assert [(d.range.start.line, d.message.splitlines()[0]) for d in found
            if d.severity == types.DiagnosticSeverity.Error] == [
        (6, "unknown word 'Arcanna'")]


@pytest.mark.asyncio(loop_scope="module")
async def test_an_untitled_buffer_at_a_path_is_checked_as_part_of_that_folder(
        client: LanguageClient, content: Path):
    uri = "untitled:" + str(content / "arcana" / "fresh.yaml")
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="yaml", version=1, text=NEW_ARCANA)))
    found = await _diagnostics(client, uri, lambda d: any("Arcanna" in x.message for x in d))
    assert any(d.message.startswith("unknown word 'Arcanna'") for d in found)


@pytest.mark.asyncio(loop_scope="module")
async def test_an_untitled_buffer_of_no_folder_is_told_so_and_answered(client: LanguageClient):
    uri = "untitled:Untitled-7"
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="yaml", version=1, text="cards:\n  - name: X\n")))
    found = await _diagnostics(client, uri, lambda d: len(d) > 0)
    assert [(d.severity, d.source) for d in found] == [
        (types.DiagnosticSeverity.Information, "prophecy")]
    assert "Save it inside a content folder" in found[0].message
    assert await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(1, 10))) is None
    result = await client.text_document_completion_async(types.CompletionParams(
        types.TextDocumentIdentifier(uri), types.Position(1, 10)))
    assert list(result.items) == []
