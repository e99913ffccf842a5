"""`pushlint lsp` driven by a real client: pytest-lsp (pygls), which also
checks every answer against the protocol's types. Run by .ci/run:

    python3 -m pytest Tests/lsp

PUSHLINT names the binary (default: .build/debug/pushlint)."""

import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
PUSHLINT = os.environ.get("PUSHLINT", str(ROOT / ".build" / "debug" / "pushlint"))
WORKSPACE = pathlib.Path(os.environ.get("PUSHLINT_LSP_WORKSPACE", "/tmp/pushlint-lsp-workspace"))

PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
<key>UIBackgroundModes</key><array><string>{mode}</string></array></dict></plist>
"""


def reset_workspace():
    if WORKSPACE.exists():
        for path in sorted(WORKSPACE.rglob("*"), reverse=True):
            path.unlink() if path.is_file() else path.rmdir()
    (WORKSPACE / "App").mkdir(parents=True)
    (WORKSPACE / ".pushlint.yml").write_text("context: [App/Info.plist]\n")
    (WORKSPACE / "App" / "Info.plist").write_text(PLIST.format(mode="audio"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[PUSHLINT, "lsp"]))
async def client(lsp_client: LanguageClient):
    reset_workspace()
    registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        registrations.extend(params.registrations)

    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
        ),
        text_document=types.TextDocumentClientCapabilities(
            diagnostic=types.DiagnosticClientCapabilities(dynamic_registration=False),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(documentation_format=[types.MarkupKind.Markdown])
            ),
        ),
    )
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities, root_uri=WORKSPACE.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


def uri(name):
    return (WORKSPACE / name).as_uri()


async def open_document(client, name, text):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(name), language_id="json", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


def codes(client, name):
    return sorted(diagnostic.code for diagnostic in client.diagnostics.get(uri(name), []))


@pytest.mark.asyncio
async def test_diagnostics_are_pushed_on_open_and_after_a_change(client: LanguageClient):
    await open_document(client, "push.json", '{"aps": {"alert": "Hi", "badge": "3"}}')
    assert codes(client, "push.json") == ["value-type"]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri("push.json"), version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=0, character=33), end=types.Position(line=0, character=36)),
                    text="3",
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert codes(client, "push.json") == []


@pytest.mark.asyncio
async def test_pull_diagnostics_answer_with_a_full_report(client: LanguageClient):
    await open_document(client, "push.json", '{"aps": {"alert": "x", "thread_id": "t"}}')
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri("push.json")))
    )
    assert report.kind == "full"
    assert [item.code for item in report.items] == ["unknown-key"]
    assert report.items[0].range.start == types.Position(line=0, character=23)


@pytest.mark.asyncio
async def test_code_actions_fix_one_finding_or_all(client: LanguageClient):
    text = '{"aps": {"alert": "Hi", "badge": "3", "thread_id": "t"}}'
    await open_document(client, "push.json", text)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri("push.json")),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=len(text))),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert [action.kind for action in actions] == ["quickfix", "quickfix", "source.fixAll.pushlint"]
    assert actions[0].title == "write 3 without quotes (value-type)"
    edit = actions[0].edit.changes[uri("push.json")][0]
    assert edit.new_text == "3"
    fix_all = actions[2].edit.changes[uri("push.json")][0]
    fixed = text[: fix_all.range.start.character] + fix_all.new_text + text[fix_all.range.end.character :]
    assert fixed == '{"aps": {"alert": "Hi", "badge": 3, "thread-id": "t"}}'


@pytest.mark.asyncio
async def test_hover_and_completion_come_from_the_catalog(client: LanguageClient):
    await open_document(client, "push.json", '{"aps": {"interruption-level": "passive"}}')
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri("push.json")), position=types.Position(line=0, character=12))
    )
    assert "time-sensitive" in hover.contents.value
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri("push.json")), position=types.Position(line=0, character=9))
    )
    labels = [item.label for item in (completion.items if hasattr(completion, "items") else completion)]
    assert "alert" in labels and "interruption-level" not in labels


@pytest.mark.asyncio
async def test_a_context_file_changing_on_disk_lints_open_documents_again(client: LanguageClient):
    await open_document(client, "sync.json", '{"aps": {"content-available": 1}}')
    assert codes(client, "sync.json") == ["background-mode-missing"]
    (WORKSPACE / "App" / "Info.plist").write_text(PLIST.format(mode="remote-notification"))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri("App/Info.plist"), type=types.FileChangeType.Changed)])
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert codes(client, "sync.json") == []


class RawServer:
    """The server driven byte by byte, without a client library: for what
    no well-behaved client sends, and for the command an editor setup runs."""

    def __init__(self, arguments):
        import subprocess

        self.process = subprocess.Popen([PUSHLINT, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, message):
        import json

        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        import json

        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.process.stdout.read(1)
        return json.loads(self.process.stdout.read(int(header.decode().split(":")[1])))


def test_malformed_messages_get_errors_and_the_server_goes_on():
    """Raw bytes, as no well-behaved client sends them."""
    import json

    server = RawServer(["lsp"])
    send, receive, process = server.send, server.receive, server.process
    send(b'{"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}}')
    assert receive()["error"]["code"] == -32002  # before initialize
    send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"capabilities": {}}}).encode())
    assert "capabilities" in receive()["result"]
    send(b"{not json")
    assert receive()["error"]["code"] == -32700
    process.stdin.write(b"X-Header: 1\r\n\r\n")  # no Content-Length: skipped
    send(b'{"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}')
    assert receive()["error"]["code"] == -32601
    send(b'{"jsonrpc": "2.0", "id": 4, "method": "shutdown"}')
    assert receive()["result"] is None
    send(b'{"jsonrpc": "2.0", "method": "exit"}')
    assert process.wait(timeout=10) == 0


@pytest.mark.asyncio
async def test_a_large_document_does_not_hold_up_the_others(client: LanguageClient):
    """A document of some 8 MB is linted in the background: a hover on
    another document is answered, and its edit published, before it."""
    await open_document(client, "push.json", '{"aps": {"alert": "Hi", "badge": "3"}}')
    numbers = ",".join(str(index % 1000) for index in range(2_000_000))
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri("large.json"), language_id="json", version=1, text='{"aps": {"alert": "x"}, "data": [' + numbers + "]}"
            )
        )
    )
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri("push.json")), position=types.Position(line=0, character=12))
    )
    assert hover is not None and uri("large.json") not in client.diagnostics
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri("push.json"), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text='{"aps": {"alert": "Hi", "badge": 3}}')],
        )
    )
    while codes(client, "push.json") != []:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert uri("large.json") not in client.diagnostics
    while uri("large.json") not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert codes(client, "large.json") == ["payload-too-large"]


def editor_commands():
    """The server command each editor setup in integrations/ runs, read
    from the setup itself: what a user copies must start a working server."""
    import json
    import tomllib

    helix = tomllib.loads((ROOT / "integrations" / "helix" / "languages.toml").read_text())
    server = helix["language-server"]["pushlint"]
    assert all("pushlint" in language["language-servers"] for language in helix["language"])
    yield "helix", [server["command"], *server["args"]]
    vscode = json.loads((ROOT / "integrations" / "vscode" / "settings.json").read_text())
    assert "json" in vscode["glspc.server.languageId"] and "yaml" in vscode["glspc.server.languageId"]
    yield "vscode", [vscode["glspc.server.command"], *vscode["glspc.server.commandArguments"]]


@pytest.mark.parametrize("editor,command", list(editor_commands()))
def test_each_editor_setup_starts_a_server_that_publishes(editor, command):
    assert command[0] == "pushlint"
    server = RawServer(command[1:])
    send, receive, process = server.send, server.receive, server.process
    reset_workspace()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": WORKSPACE.as_uri(), "capabilities": {}}})
    assert "capabilities" in receive()["result"]
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    text = "aps:\n  alert: Hi\n  badge: '3'\n"
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri("push.yaml"), "languageId": "yaml", "version": 1, "text": text}}})
    published = receive()
    assert published["method"] == "textDocument/publishDiagnostics"
    assert [item["code"] for item in published["params"]["diagnostics"]] == ["value-type"]
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    receive()
    send({"jsonrpc": "2.0", "method": "exit"})
    assert process.wait(timeout=10) == 0
