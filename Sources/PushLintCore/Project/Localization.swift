/// One key's text in one language, as the system would format it.
public struct LocalizedFormat: Sendable {
  public var key: String
  public var language: String
  /// The format as written (for a plural, the variant needing the most arguments).
  public var format: String
  /// How many arguments it consumes (see `FormatArguments`).
  public var arguments: Int
  public var path: String
  public var span: SourceSpan
  /// A `.stringsdict` entry wins over a `.strings` one for the same key, as on a device.
  var isStringsdict = false

  public var place: String { "\(path):\(span.start.line)" }
}

/// The app's `Localizable` table in every language: what a payload's
/// `loc-key` is looked up in. Built from `Localizable.strings` (one file per
/// `.lproj`), `Localizable.stringsdict` and `Localizable.xcstrings`.
public struct Localizations: Sendable {
  /// By key, one entry per language, in language order.
  public private(set) var formats: [String: [LocalizedFormat]] = [:]
  /// Every language any file of the table has.
  public var languages: Set<String> { languagesByFolder.values.reduce(into: []) { $0.formUnion($1) } }
  /// The languages of each folder of tables (`tableFolder(ofPath:)`): a
  /// bundle's localizations of one table sit side by side, so the
  /// `.lproj` folders beside another (a framework's, a second sample
  /// app's) hold another bundle's languages.
  private var languagesByFolder: [String: Set<String>] = [:]
  public private(set) var files: [String] = []
  /// The keys sorted and as did-you-mean candidates, worked out when first
  /// asked: an app's table may hold tens of thousands of keys, and each
  /// payload may name one that is missing.
  private var sortedKeysMemo = Memo<[String]>()
  private var candidatesMemo = Memo<Suggestion.Candidates>()

  /// Every key, sorted: candidates for did-you-mean, in an order that never varies.
  public var sortedKeys: [String] { sortedKeysMemo.value { formats.keys.sorted() } }

  /// `sortedKeys` as `Suggestion.nearest` compares them.
  var suggestionCandidates: Suggestion.Candidates {
    let keys = sortedKeys
    return candidatesMemo.value { Suggestion.Candidates(keys) }
  }

  /// The table the system looks notification keys up in.
  public static let tableName = "Localizable"
  /// A list, not a set: asked for every document, three comparisons by
  /// length first cost less than hashing the extension.
  public static let fileExtensions = ["strings", "stringsdict", "xcstrings"]

  /// Whether `fileExtension` (as `fileExtension(_:)` gives it) is a localization file's.
  static func isFileExtension(_ fileExtension: String) -> Bool {
    fileExtensions.contains { $0.isSameKey(as: fileExtension) }
  }

  public init() {}

  public var isEmpty: Bool { files.isEmpty }

  /// Whether a file belongs to the `Localizable` table.
  public static func isLocalizableTable(_ path: String) -> Bool {
    let name = Paths.fileName(path)
    guard let dot = name.lastIndex(of: ".") else { return false }
    return name[..<dot] == tableName && isFileExtension(fileExtension(name))
  }

  /// The language of a `.strings` or `.stringsdict` file: its `.lproj` folder.
  public static func language(ofPath path: String) -> String {
    let components = path.split(separator: "/")
    if let folder = components.dropLast().last(where: { $0.hasSuffix(".lproj") }) {
      return String(folder.dropLast(".lproj".count))
    }
    return "default"
  }

  public func sortedLanguages() -> [String] { languages.sorted() }

  /// Where a table's localizations sit side by side: the folder holding
  /// the `.lproj` folder of a `.strings` or `.stringsdict` file (the
  /// file's own folder outside one), or a String Catalog itself, which
  /// holds every language in one file.
  static func tableFolder(ofPath path: String) -> String {
    if fileExtension(path) == "xcstrings" { return path }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    let folders = components.dropLast()
    let end = folders.lastIndex(where: { $0.hasSuffix(".lproj") }) ?? folders.endIndex
    return folders[..<end].joined(separator: "/")
  }

  /// The languages of the tables that hold `formats`: those a key defined
  /// there is expected in.
  public func languages(beside formats: [LocalizedFormat]) -> Set<String> {
    var result = Set<String>()
    for folder in Set(formats.map { Self.tableFolder(ofPath: $0.path) }) {
      result.formUnion(languagesByFolder[folder] ?? [])
    }
    return result
  }

  mutating func add(_ document: Document) {
    guard document.kind == .localization, let root = document.root, root.isObject,
      Localizations.isLocalizableTable(document.path)
    else { return }
    files.append(document.path)
    switch fileExtension(document.path) {
    case "strings": addStrings(root, path: document.path)
    case "stringsdict": addStringsdict(root, path: document.path)
    default: addCatalog(root, path: document.path)
    }
    sortedKeysMemo = Memo()
    candidatesMemo = Memo()
  }

  private mutating func insertLanguage(_ language: String, path: String) {
    languagesByFolder[Self.tableFolder(ofPath: path), default: []].insert(language)
  }

  private mutating func record(_ format: LocalizedFormat) {
    insertLanguage(format.language, path: format.path)
    // In place, in language order: copied out and sorted again for each
    // language, a key's entries cost the square of the languages.
    Self.insert(format, into: &formats[format.key, default: []])
  }

  private static func insert(_ format: LocalizedFormat, into entries: inout [LocalizedFormat]) {
    var index = entries.startIndex
    while index < entries.endIndex && entries[index].language < format.language { index += 1 }
    if index < entries.endIndex && entries[index].language == format.language {
      if entries[index].isStringsdict && !format.isStringsdict { return }
      entries[index] = format
    } else {
      entries.insert(format, at: index)
    }
  }

  private mutating func addStrings(_ root: Node, path: String) {
    let language = Localizations.language(ofPath: path)
    insertLanguage(language, path: path)
    for member in root.members ?? [] {
      guard let text = member.value.stringValue else { continue }
      record(
        LocalizedFormat(
          key: member.key, language: language, format: text, arguments: FormatArguments.count(in: text), path: path,
          span: member.keySpan))
    }
  }

  /// `NSStringLocalizedFormatKey` consumes one argument per `%#@variable@`;
  /// a variable's forms may also name other arguments by position.
  private mutating func addStringsdict(_ root: Node, path: String) {
    let language = Localizations.language(ofPath: path)
    insertLanguage(language, path: path)
    for member in root.members ?? [] {
      guard let format = member.value["NSStringLocalizedFormatKey"]?.stringValue else { continue }
      var arguments = FormatArguments.count(in: format)
      for specifier in FormatArguments.specifiers(in: format) {
        guard let name = specifier.substitution, let variable = member.value[name] else { continue }
        for form in variable.members ?? [] where !form.key.hasPrefix("NSString") {
          guard let text = form.value.stringValue else { continue }
          arguments = max(arguments, FormatArguments.highestPositionalArgument(in: text))
        }
      }
      var entry = LocalizedFormat(
        key: member.key, language: language, format: format, arguments: arguments, path: path, span: member.keySpan)
      entry.isStringsdict = true
      record(entry)
    }
  }

  /// A String Catalog: `strings.KEY.localizations.LANGUAGE` holds a
  /// `stringUnit`, or `variations` (plural, device, nested) of them, and
  /// `substitutions` for `%#@name@`. A key with no entry in the source
  /// language is its own source text.
  private mutating func addCatalog(_ root: Node, path: String) {
    let sourceLanguage = root["sourceLanguage"]?.stringValue
    if let sourceLanguage { insertLanguage(sourceLanguage, path: path) }
    for member in root["strings"]?.members ?? [] {
      let localizations = member.value["localizations"]?.members ?? []
      for localization in localizations {
        var leaves: [Node] = []
        collectStringUnits(localization.value, depth: 0, into: &leaves)
        let substitutions = localization.value["substitutions"]
        var best: (text: String, arguments: Int, node: Node)?
        for leaf in leaves {
          guard let text = leaf.stringValue else { continue }
          let arguments = FormatArguments.count(in: text) { name in
            substitutions?[name]?["argNum"]?.numberValue?.intValue
          }
          if best == nil || arguments > best!.arguments { best = (text, arguments, leaf) }
        }
        insertLanguage(localization.key, path: path)
        guard var best else { continue }
        // The substitutions' own variations may name other arguments by position.
        for substitution in substitutions?.members ?? [] {
          var forms: [Node] = []
          collectStringUnits(substitution.value, depth: 0, into: &forms)
          for form in forms {
            best.arguments = max(best.arguments, FormatArguments.highestPositionalArgument(in: form.stringValue ?? ""))
          }
        }
        record(
          LocalizedFormat(
            key: member.key, language: localization.key, format: best.text, arguments: best.arguments, path: path,
            span: best.node.span))
      }
      if let sourceLanguage, !localizations.contains(where: { $0.key == sourceLanguage }) {
        record(
          LocalizedFormat(
            key: member.key, language: sourceLanguage, format: member.key,
            arguments: FormatArguments.count(in: member.key), path: path, span: member.keySpan))
      }
    }
  }

  /// The `stringUnit.value` nodes under a localization, through any nesting
  /// of `variations` (bounded, since a catalog is input like any other).
  private func collectStringUnits(_ node: Node, depth: Int, into leaves: inout [Node]) {
    guard depth < 16 else { return }
    if let value = node["stringUnit"]?["value"] { leaves.append(value) }
    for kind in node["variations"]?.members ?? [] {
      for variant in kind.value.members ?? [] {
        collectStringUnits(variant.value, depth: depth + 1, into: &leaves)
      }
    }
  }
}
