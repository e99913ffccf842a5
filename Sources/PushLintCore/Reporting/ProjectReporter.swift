/// What `pushlint project` prints. The text is for people: what the app
/// is (targets, categories, extensions, what could not be resolved) first,
/// then the files read, and the files skipped counted by what they are
/// (`--verbose` lists them). JSON keeps every path.
public enum ProjectReporter {
  public static func json(_ projects: [ProjectDescription], errors: [FileError]) -> String {
    func strings(_ values: [String]) -> JSONOutput { .array(values.map(JSONOutput.string)) }
    func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
    let items = projects.map { project -> JSONOutput in
      .object([
        ("root", .string(project.root)), ("config", optional(project.configuration)),
        ("files", .array(project.files.map { .object([("path", .string($0.path)), ("kind", .string($0.kind))]) })),
        (
          "skipped",
          .array(project.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.why.described))]) })
        ),
        (
          "targets",
          .array(
            project.targets.map { target in
              .object([
                ("name", .string(target.name)), ("productType", .string(target.productType)),
                ("bundleIdentifier", optional(target.bundleIdentifiers.first)),
                ("bundleIdentifiers", strings(target.bundleIdentifiers)),
                ("infoPlist", optional(target.infoPlist)), ("entitlements", optional(target.entitlements)),
                ("dependencies", strings(target.dependencies)),
              ])
            })
        ),
        (
          "categories",
          .array(
            project.categories.map { category in
              var members: [(String, JSONOutput)] = [
                ("identifier", .string(category.identifier)), ("path", .string(category.path)),
                ("line", .int(category.line)), ("options", strings(category.options)),
                (
                  "actions",
                  .array(
                    (category.actions ?? []).map { action in
                      .object([
                        ("identifier", .string(action.identifier)), ("options", strings(action.options)),
                        ("textInput", .bool(action.textInput)), ("conditional", .bool(action.conditional)),
                        ("icon", action.icon.map(JSONOutput.string) ?? .null),
                      ])
                    })
                ),
              ]
              if let reason = category.actionsUnresolved {
                members.append(("actionsUnresolved", .string(reason.described)))
              }
              return .object(members)
            })
        ),
        (
          "extensions",
          .array(
            project.extensions.map { .object([("path", .string($0.path)), ("categories", strings($0.categories))]) })
        ),
        (
          "unresolved",
          .array(
            project.unresolved.map {
              .object([("path", .string($0.path)), ("line", .int($0.line)), ("reason", .string($0.reason.described))])
            })
        ),
      ])
    }
    return JSONOutput.object([("version", .int(1)), ("projects", .array(items))]).serialized() + "\n"
  }

  public static func text(_ projects: [ProjectDescription], verbose: Bool = false) -> String {
    // A folder that holds nothing pushlint reads (a test folder, the root of
    // a repository whose Xcode project sits in a subfolder) has no block.
    let shown = projects.filter { !$0.files.isEmpty || verbose }
    guard !shown.isEmpty else {
      let skipped = projects.reduce(0) { $0 + $1.skipped.count }
      return "no project: nothing pushlint reads\(skipped > 0 ? " (\(Wording.count(skipped, "file")) skipped)" : "")\n"
    }
    var output = ""
    for project in shown {
      output +=
        "project \(project.root)\(project.configuration.map { " (configuration \($0))" } ?? " (no configuration)")\n"
      output += targets(project.targets)
      output += categories(project)
      if !project.extensions.isEmpty {
        output += "  content extensions:\n"
        for item in project.extensions { output += "    \(item.path)  \(item.categories.joined(separator: ", "))\n" }
      }
      if !project.unresolved.isEmpty {
        output += "  unresolved:\n"
        for item in project.unresolved { output += "    \(item.path):\(item.line)  \(item.reason.described)\n" }
      }
      // Sounds are read for the payloads that name them, not linted: the
      // count of files is the one a lint of the same paths gives.
      let linted = project.files.filter { $0.kind != "sound" }
      let sounds = project.files.filter { $0.kind == "sound" }
      output += "  files (\(linted.count)):\n"
      for file in linted { output += "    \(file.path)  \(file.kind)\n" }
      if linted.isEmpty { output += "    (none)\n" }
      if !sounds.isEmpty {
        output += "  sounds (\(sounds.count)):\n"
        for file in sounds { output += "    \(file.path)\n" }
      }
      output += skipped(project.skipped, verbose: verbose)
    }
    return output
  }

  static func targets(_ targets: [XcodeTarget]) -> String {
    guard !targets.isEmpty else { return "" }
    var output = "  targets:\n"
    for target in targets {
      let identifiers =
        target.bundleIdentifiers.isEmpty ? "no bundle identifier" : target.bundleIdentifiers.joined(separator: ", ")
      output += "    \(target.name)  \(target.productKind)  \(identifiers)\n"
      if let plist = target.infoPlist {
        output += "      Info.plist: \(plist)\(target.generatesInfoPlist ? " (with generated keys)" : "")\n"
      } else if target.generatesInfoPlist {
        output += "      Info.plist: generated by Xcode\n"
      }
      if let entitlements = target.entitlements { output += "      entitlements: \(entitlements)\n" }
      guard !target.dependencies.isEmpty else { continue }
      // A test bundle's dependency is the app that hosts it, not one it embeds.
      let relation =
        target.isApp ? "embeds" : target.productType.contains("bundle") ? "hosted by" : "depends on"
      output += "      \(relation): \(target.dependencies.joined(separator: ", "))\n"
    }
    return output
  }

  static func categories(_ project: ProjectDescription) -> String {
    var output = "  categories:\n"
    for category in project.categories {
      let options = category.options.isEmpty ? "" : " [\(category.options.joined(separator: ", "))]"
      output += "    \(category.identifier)\(options)  \(category.path):\(category.line)\n"
      if let reason = category.actionsUnresolved {
        output += "      actions not known statically: \(reason.described)\n"
      }
      for action in category.actions ?? [] {
        var notes = action.options
        if action.textInput { notes.append("text input") }
        if action.conditional { notes.append("conditional") }
        if let icon = action.icon { notes.append(icon) }
        output += "      \(action.identifier)\(notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]")\n"
      }
    }
    if project.categories.isEmpty { output += "    (none)\n" }
    return output
  }

  /// Files that could not be read, by name; the rest counted by what they
  /// are, or each with its reason under `verbose`.
  static func skipped(_ skipped: [ProjectDescription.Skipped], verbose: Bool) -> String {
    guard !skipped.isEmpty else { return "" }
    var output = ""
    let unreadable = skipped.filter { $0.why.group == nil }
    if verbose {
      output += "  skipped (\(skipped.count)):\n"
      for file in skipped { output += "    \(file.path)  \(file.why.described)\n" }
      return output
    }
    var counts: [String: (count: Int, one: String)] = [:]
    for file in skipped {
      guard let group = file.why.group else { continue }
      counts[group.many, default: (0, group.one)].count += 1
    }
    if !counts.isEmpty {
      let groups = counts.sorted {
        $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
      }
      .map { "\($0.value.count) \($0.value.count == 1 ? $0.value.one : $0.key)" }.joined(separator: ", ")
      output +=
        "  skipped: \(Wording.count(skipped.count - unreadable.count, "file")): \(groups) (--verbose lists them)\n"
    }
    if !unreadable.isEmpty {
      output += "  not read:\n"
      for file in unreadable { output += "    \(file.path)  \(file.why.described)\n" }
    }
    return output
  }
}

extension ProjectDescription.SkipReason {
  var described: String {
    switch self {
    case .unreadable(let reason): reason
    case .storyboardWithoutCategory: "declares no notificationCategory"
    case .registersNoCategory: "parsed: names notification types but registers no category"
    case .namesNoNotificationType: "names no notification type; not parsed"
    case .empty: "empty"
    case .assetCatalogEntry: "an asset catalog entry"
    case .noKindRead: "not a kind pushlint reads (payload, plist, categories…)"
    }
  }

  /// What the file is, counted by in a short listing ("Swift files with no
  /// notification type"): singular and plural. Nil for a file that could
  /// not be read, which every listing names.
  var group: (one: String, many: String)? {
    func language(_ format: SourceFormat) -> String { format == .swift ? "Swift" : "Objective-C" }
    return switch self {
    case .unreadable: nil
    case .storyboardWithoutCategory: ("storyboard with no category", "storyboards with no category")
    case .registersNoCategory(let format):
      ("\(language(format)) file that registers no category", "\(language(format)) files that register no category")
    case .namesNoNotificationType(let format):
      ("\(language(format)) file with no notification type", "\(language(format)) files with no notification type")
    case .empty: ("empty file", "empty files")
    case .assetCatalogEntry: ("asset catalog entry", "asset catalog entries")
    case .noKindRead: ("file of no kind pushlint reads", "files of no kind pushlint reads")
    }
  }
}
