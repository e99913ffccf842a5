/// What the command line says on standard error besides the report: each
/// line starts with `pushlint:`, as a compiler's do.
public enum CommandLineNotice {
  /// Any error worded elsewhere (a configuration's, a file's).
  public static func error(_ text: some CustomStringConvertible) -> String { "pushlint: \(text)" }

  public static func cannotWrite(_ shownPath: String, _ error: FileError) -> String {
    "pushlint: cannot write \(shownPath): \(error.reason)"
  }

  public static func cannotReadBaseline(_ path: String, _ error: FileError) -> String {
    "pushlint: cannot read the baseline \(SafeText.escape(path)): \(error.reason)"
  }

  public static func fileError(_ error: FileError) -> String { "pushlint: \(error.path): \(error.reason)" }

  public static func wrote(_ path: String) -> String { "pushlint: wrote \(path)" }

  public static func configurationExists(in directory: String) -> String {
    "pushlint: \(Configuration.fileName) already exists in \(directory); --force replaces it, --stdout prints the draft"
  }

  /// A path that names nothing, which reads as a misspelled subcommand.
  public static func subcommandMistakenForPath(_ path: String, command: String) -> String {
    "pushlint: no file or directory \"\(SafeText.escape(path))\"; did you mean the subcommand '\(command)'? (pushlint \(command) --help)"
  }

  /// A subcommand's name among the lint command's paths: it was written
  /// after options, which then belong to the lint command.
  public static func subcommandAfterOptions(_ command: String) -> String {
    "pushlint: no file or directory \"\(SafeText.escape(command))\"; a subcommand comes first, before its options: pushlint \(command) [options] (pushlint \(command) --help)"
  }

  public static func noRuleNamed(_ name: String, among names: [String]) -> String {
    let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
    return "pushlint: no rule named \"\(SafeText.escape(name))\"\(hint)"
  }

  /// What `--diff` shows `--fix` would do.
  public static func wouldFix(_ fixes: Int, files: Int, withheld: Int) -> String {
    let held =
      withheld > 0
      ? "; \(Wording.count(withheld, "fix")) left out (the file would no longer read, or would hold a new error or a repeated key)"
      : ""
    guard fixes > 0 else { return "pushlint: nothing to fix\(held)" }
    return "pushlint: --fix would fix \(Wording.count(fixes, "finding")) in \(Wording.count(files, "file"))\(held)"
  }
}
