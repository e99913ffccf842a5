/// swift-argument-parser collects positional arguments in time quadratic in
/// their number (each value copies the set of input positions gathered so
/// far): 2,000 paths cost a second of parsing, and a pre-commit run over a
/// large repository passes tens of thousands. Paths that no option can take
/// as its value are therefore set aside before parsing and given to the
/// lint command after it; the parser still sees every option, and every
/// value it could take for one.
enum ManyPaths {
  /// Below this many, the parser sees the command line as it is.
  static let threshold = 64

  /// The arguments for the parser and the paths set aside, or nil when the
  /// command line is better left whole: few paths, or a subcommand other
  /// than lint.
  static func setAside(_ arguments: [String]) -> (arguments: [String], paths: [String])? {
    // A path that is also a subcommand's name is the subcommand.
    if let first = arguments.first, first != "lint", PushLint.namesSubcommand(first) { return nil }
    return setAside(arguments, from: arguments.first == "lint" ? 1 : 0)
  }

  private static func setAside(_ arguments: [String], from start: Int) -> (arguments: [String], paths: [String])? {
    var kept = Array(arguments[..<start])
    var paths: [String] = []
    var afterTerminator = false
    var mayBeAValue = false
    for argument in arguments[start...] {
      if afterTerminator {
        paths.append(argument)
      } else if argument == "--" {
        afterTerminator = true
        kept.append(argument)
      } else if argument.hasPrefix("-") && argument != "-" {
        // An option or a flag: the next argument may be its value, unless
        // the value is attached (`--format=json`).
        kept.append(argument)
        mayBeAValue = !argument.contains("=")
      } else if mayBeAValue || argument == "-" {
        // Kept for the parser: an option's value, or a path after a flag;
        // '-' (standard input) is checked against --stdin-filename.
        kept.append(argument)
        mayBeAValue = false
      } else {
        paths.append(argument)
      }
    }
    return paths.count < threshold ? nil : (kept, paths)
  }
}
