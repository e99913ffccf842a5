import Testing

@testable import PushLintCore

/// Editors as users run them against `pushlint lsp`.
@Suite(.serialized) struct EditorTests {
  static let hasNeovim = run("/bin/sh", ["-c", "command -v nvim"]).status == 0

  /// Debian's Neovim (0.7) with its built-in client, headless: it receives
  /// the diagnostics, applies the quick fix, and sees them go.
  @Test(.enabled(if: hasNeovim, "needs nvim (Debian: apt-get install neovim)"))
  func neovimReceivesDiagnosticsAndAppliesAQuickFix() throws {
    let scratch = ScratchDirectory()
    scratch.write("push.json", #"{"aps": {"alert": "Hi", "badge": "3"}}"# + "\n")
    let output = scratch.path + "/seen.txt"
    let script = repositoryRoot + "/Tests/Fixtures/editors/neovim-lsp.lua"
    let result = run(
      "/usr/bin/env",
      [
        "PUSHLINT=\(pushlintBinary)", "WORKSPACE=\(scratch.path)", "OUT=\(output)", "timeout", "60", "nvim",
        "--headless",
        "-u", "NONE", "-c", "luafile \(script)",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let seen = String(decoding: (try? FileSystem.readFile(output).get()) ?? [], as: UTF8.self)
    #expect(
      seen
        == """
        diagnostic 0:33 value-type
        action write 3 without quotes (value-type)
        text {"aps": {"alert": "Hi", "badge": 3}}
        diagnostics after 0

        """, "\(seen)")
  }
}
