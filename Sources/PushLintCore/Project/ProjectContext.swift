/// A sound file in the project, by the name a payload's `sound` uses.
public struct SoundEntry: Sendable {
  public var name: String
  public var path: String
  public var header: Result<SoundFileInfo, SoundFileError>
}

/// An app's Info.plist as the build makes it, for the rules that read one.
public struct BuiltInfoPlist: Sendable {
  /// `UIBackgroundModes` (or the root) in the Info.plist file, or, when
  /// Xcode generates the whole file, the target in the Xcode project.
  public var declaration: Declaration
  public var backgroundModes: [String]?
  /// The `INFOPLIST_FILE`, when there is one.
  public var file: String?
  /// The app target, when an Xcode project names it.
  public var app: String?
  /// What the run cannot see that may add keys (`XcodeTarget.infoPlistMayChange`).
  public var mayChange: InfoPlistChange?

  public init(declaration: Declaration, backgroundModes: [String]?, file: String?) {
    self.declaration = declaration
    self.backgroundModes = backgroundModes
    self.file = file
  }
}

/// A declaration somewhere in the project, for messages that name the other file.
public struct Declaration: Sendable {
  public var name: String
  public var path: String
  public var span: SourceSpan
  /// For an action: its title, options and kind, which tell a second
  /// declaration of the same action from a different action of the same
  /// name. For a category: its actions, options and texts
  /// (`ProjectContext.categorySignature`), nil when its actions are unknown.
  public var signature: String?
  /// For a registration in code: the arms of branching statements it is written in.
  public var branches: [CodeBranch]

  public init(
    name: String, path: String, span: SourceSpan, signature: String? = nil, branches: [CodeBranch] = []
  ) {
    self.name = name
    self.path = path
    self.span = span
    self.signature = signature
    self.branches = branches
  }

  public var place: String { "\(path):\(span.start.line)" }
}

/// The app's side of the project: what payloads are judged against. Built
/// from every file of the run plus the configured `context` files.
public struct ProjectContext: Sendable {
  /// Category identifiers in file order; `categoryFiles` says whether any categories file is in scope.
  public private(set) var categories: [Declaration] = []
  public private(set) var actions: [Declaration] = []
  /// Where each category and action name is declared: rules look up every
  /// identifier of a categories file, which may declare thousands.
  private var categoryPlaces = NamePlaces()
  private var actionPlaces = NamePlaces()
  /// The category names as did-you-mean candidates, worked out when first
  /// asked: each payload naming an unknown category seeks the nearest.
  private var categoryCandidatesMemo = Memo<Suggestion.Candidates>()
  /// `categories`' names as `Suggestion.nearest` compares them.
  var categoryCandidates: Suggestion.Candidates {
    categoryCandidatesMemo.value { Suggestion.Candidates(categories.map(\.name)) }
  }

  /// Each categories file, at its `categories` key.
  public var categoryFiles: [Declaration] = []
  /// Each content extension plist with the categories it claims.
  public var contentExtensions: [(path: String, categories: [Declaration])] = []
  public var serviceExtensions: [Declaration] = []
  /// Each extension plist, at its extension point.
  public var extensionPlists: [Declaration] = []
  /// App Info.plists with their `UIBackgroundModes` (nil when the key is absent), at that key.
  public var appPlists: [(declaration: Declaration, backgroundModes: [String]?)] = []
  /// Entitlements files with the boolean entitlements they set, at their root.
  public var entitlements: [(declaration: Declaration, grants: [String: Bool])] = []
  /// Provisioning profiles with the boolean entitlements Apple granted in
  /// them and the app identifier they are for (`TEAM.com.example.app`).
  public var profiles: [(declaration: Declaration, grants: [String: Bool], applicationIdentifier: String?)] = []
  /// The targets of the project's Xcode projects; `xcodeProjects` names the files.
  public var targets: [XcodeTarget] = []
  public var xcodeProjects: [Declaration] = []
  /// Registrations in source code whose identifier is not known statically.
  public var unresolvedRegistrations: [(path: String, unresolved: CodeUnresolved)] = []
  /// Each categories document read from source code, for `pushlint project`.
  public var codeRegistrations: [CodeRegistrations] = []

  public init() {}

  /// The `Localizable` table in every language.
  public var localizations = Localizations()

  /// Sound files in scope, by path.
  public var sounds: [SoundEntry] = []

  public init(documents: [Document], sounds: [SoundEntry] = [], assignedCategories: [String] = []) {
    for document in documents.sorted(by: { ($0.path, $0.index) < ($1.path, $1.index) }) { add(document) }
    self.sounds = sounds.sorted { $0.path < $1.path }
    self.assignedCategories = Set(assignedCategories)
    readTargets()
  }

  /// The categories the project's source code gives notification contents
  /// as literals (`content.categoryIdentifier = "CHAT"`), registered or not:
  /// a notification service extension that sets one for the content
  /// extension that claims it, say.
  public private(set) var assignedCategories: Set<String> = []

  /// The Xcode projects read so far and the `.xcconfig` files their
  /// configurations may be based on; targets are read once all are in.
  private var projectFiles: [(path: String, root: Node)] = []
  private var settingsFiles: [String: Node] = [:]

  /// The targets of every Xcode project added, their settings based on the
  /// `.xcconfig` files added.
  public mutating func readTargets() {
    targets = projectFiles.flatMap {
      XcodeProjectReader.targets(of: $0.root, path: $0.path, settingsFiles: settingsFiles)
    }
    // Xcode on a Mac finds `Content/Info.plist` in a folder named `content`:
    // its file systems ignore case. A target's Info.plist or entitlements
    // named in another case than the file read is that file.
    let read = extensionPlists.map(\.path) + appPlists.map(\.declaration.path) + entitlements.map(\.declaration.path)
    let exact = Set(read)
    let byLowercase = Dictionary(read.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    func asRead(_ path: String?) -> String? {
      guard let path, !exact.contains(path) else { return path }
      return byLowercase[path.lowercased()] ?? path
    }
    for index in targets.indices {
      targets[index].infoPlist = asRead(targets[index].infoPlist)
      targets[index].entitlements = asRead(targets[index].entitlements)
    }
  }

  public mutating func add(_ document: Document) {
    guard let root = document.root else { return }
    switch document.kind {
    case .categories:
      if let code = document.code {
        codeRegistrations.append(code)
        unresolvedRegistrations += code.unresolved.map { (document.path, $0) }
      }
      let key = root.member("categories")
      categoryCandidatesMemo = Memo()
      categoryFiles.append(Declaration(name: "categories", path: document.path, span: key?.keySpan ?? root.span))
      let branches = document.code?.branchesByIdentifier ?? [:]
      root["categories"]?.forEachElement { category in
        if let identifier = category.member("identifier"), let name = identifier.value.stringValue {
          categoryPlaces.record(name, at: categories.count)
          categories.append(
            Declaration(
              name: name, path: document.path, span: identifier.value.span,
              signature: Self.categorySignature(category),
              branches: branches[identifier.value.span.start.offset] ?? []))
        }
        for action in category["actions"]?.elements ?? [] {
          if let identifier = action.member("identifier"), let name = identifier.value.stringValue {
            actionPlaces.record(name, at: actions.count)
            actions.append(
              Declaration(
                name: name, path: document.path, span: identifier.value.span,
                signature: Self.actionSignature(action),
                branches: branches[identifier.value.span.start.offset] ?? []))
          }
        }
      }
    case .extensionInfoPlist:
      guard let nsExtension = root["NSExtension"] else { return }
      let point = nsExtension["NSExtensionPointIdentifier"]
      extensionPlists.append(
        Declaration(name: point?.stringValue ?? "", path: document.path, span: point?.span ?? nsExtension.span))
      if point?.stringValue == "com.apple.usernotifications.service" {
        serviceExtensions.append(
          Declaration(name: "service", path: document.path, span: point?.span ?? nsExtension.span))
      } else {
        let value = nsExtension["NSExtensionAttributes"]?["UNNotificationExtensionCategory"]
        let names = value.map { $0.elements ?? [$0] } ?? []
        contentExtensions.append(
          (
            document.path,
            names.compactMap { node in
              node.stringValue.map { Declaration(name: $0, path: document.path, span: node.span) }
            }
          ))
      }
    case .appInfoPlist:
      let modes = root.member("UIBackgroundModes")
      appPlists.append(
        (
          Declaration(name: "UIBackgroundModes", path: document.path, span: modes?.keySpan ?? root.span),
          modes?.value.elements?.compactMap(\.stringValue)
        ))
    case .localization:
      localizations.add(document)
    case .entitlements:
      var grants: [String: Bool] = [:]
      for member in root.members ?? [] {
        if let flag = member.value.boolValue { grants[member.key] = flag }
      }
      entitlements.append((Declaration(name: "entitlements", path: document.path, span: root.span), grants))
    case .provisioningProfile:
      var grants: [String: Bool] = [:]
      root["Entitlements"]?.forEachMember { member in
        if let flag = member.value.boolValue { grants[member.key] = flag }
      }
      let identifier = root["Entitlements"]?["application-identifier"]?.stringValue
      profiles.append((Declaration(name: "profile", path: document.path, span: root.span), grants, identifier))
    case .xcodeProject:
      xcodeProjects.append(Declaration(name: "project", path: document.path, span: root.span))
      projectFiles.append((document.path, root))
    case .buildSettings:
      settingsFiles[document.path] = root
    default:
      break
    }
  }

  /// An action's title, options and kind, which tell a second declaration
  /// of the same action from a different action of the same name.
  static func actionSignature(_ action: Node) -> String {
    let options = action["options"]?.elements?.compactMap(\.stringValue).sorted() ?? []
    return [
      action["title"]?.stringValue ?? "", options.joined(separator: ","),
      action["textInputButtonTitle"] == nil ? "" : "text input",
    ].joined(separator: "|")
  }

  /// A category's actions (each by its identifier and `actionSignature`),
  /// options, intents and texts: two declarations of one identifier with
  /// the same signature are one category registered twice (a set
  /// registered again to refresh it), not two that compete. Nil when the
  /// actions are unknown (added under a condition, or not known without
  /// running the app): such a category is like no other.
  static func categorySignature(_ category: Node) -> String? {
    guard let actions = category["actions"]?.elements else { return nil }
    var parts = actions.map { action in
      (action["identifier"]?.stringValue ?? "?") + "|" + actionSignature(action) + "|"
        + (action["icon"]?.members?.map { $0.key + ":" + ($0.value.stringValue ?? "") }.joined(separator: ",") ?? "")
    }
    for key in ["options", "intentIdentifiers"] {
      parts.append(
        key + "=" + (category[key]?.elements?.compactMap(\.stringValue).sorted().joined(separator: ",") ?? ""))
    }
    for key in ["hiddenPreviewsBodyPlaceholder", "categorySummaryFormat"] {
      parts.append(key + "=" + (category[key]?.stringValue ?? ""))
    }
    return parts.joined(separator: "\n")
  }

  /// Whether a document kind contributes to the project context.
  public static func isContextKind(_ kind: DocumentKind) -> Bool {
    switch kind {
    case .categories, .extensionInfoPlist, .appInfoPlist, .entitlements, .localization, .xcodeProject,
      .provisioningProfile, .buildSettings:
      true
    default: false
    }
  }

  /// The first declaration of a category, or of an action, of this name.
  /// Asked of a payload's category in every run, most of them without a
  /// categories file: an empty table is not asked (that would hash the name).
  public func declaredCategory(_ name: String) -> Declaration? {
    categoryPlaces.first(of: name).map { categories[$0] }
  }
  public func declaredAction(_ name: String) -> Declaration? {
    actionPlaces.first(of: name).map { actions[$0] }
  }

  /// The first category named `name` declared before the one at `span` of
  /// `path` that may run with it: one in another arm of the same `if` or
  /// `switch` (`branches`) of the same file never does. Nil when there is none.
  public func earlierCategory(
    _ name: String, than span: SourceSpan, in path: String, branches: [CodeBranch]
  ) -> Declaration? {
    categoryPlaces.earlier(name, of: categories, than: span, in: path, branches: branches)
  }

  /// As `earlierCategory`, for actions.
  public func earlierAction(
    _ name: String, than span: SourceSpan, in path: String, branches: [CodeBranch]
  ) -> Declaration? {
    actionPlaces.earlier(name, of: actions, than: span, in: path, branches: branches)
  }

  /// Every app's Info.plist as Xcode builds it, as far as the run can tell:
  /// with an Xcode project, each iOS, iPadOS or visionOS app target's
  /// (`builtInfoPlist(of:)`), and the app Info.plists no target names;
  /// without one, the property lists whose keys show they are an app's.
  /// The plists of targets that are no such app (a test bundle's, a
  /// framework's, a macOS app's) are left out.
  public var appInfoPlists: [BuiltInfoPlist] {
    // Asked for each background push: a run without an app has none.
    if targets.isEmpty && appPlists.isEmpty { return [] }
    let named = Set(targets.compactMap(\.infoPlist))
    let loose = appPlists.filter { !named.contains($0.declaration.path) }.map {
      BuiltInfoPlist(declaration: $0.declaration, backgroundModes: $0.backgroundModes, file: $0.declaration.path)
    }
    let others = Set(targets.filter { !$0.needsBackgroundModesForPushes }.compactMap(\.infoPlist))
    return targets.filter(\.needsBackgroundModesForPushes).compactMap(builtInfoPlist(of:))
      + loose.filter { !others.contains($0.declaration.path) }
  }

  /// An app target's Info.plist as Xcode builds it: its `INFOPLIST_FILE`
  /// (read as the app's whatever its keys), with `GENERATE_INFOPLIST_FILE`
  /// merged with the `INFOPLIST_KEY_*` settings, or those settings alone.
  /// Nil when the run cannot tell (the file was not read, or the target
  /// names none and generates none).
  public func builtInfoPlist(of target: XcodeTarget) -> BuiltInfoPlist? {
    let generatedModes =
      target.generatesInfoPlist
      ? target.infoPlistKeys["UIBackgroundModes"].map { $0.split(separator: " ").map(String.init) } : nil
    var built: BuiltInfoPlist
    if let path = target.infoPlist {
      guard let file = appPlists.first(where: { $0.declaration.path == path }) else { return nil }
      let modes = file.backgroundModes.map { $0 + (generatedModes ?? []) } ?? generatedModes
      built = BuiltInfoPlist(declaration: file.declaration, backgroundModes: modes, file: path)
    } else if target.generatesInfoPlist {
      built = BuiltInfoPlist(declaration: target.declaration, backgroundModes: generatedModes, file: nil)
    } else {
      return nil
    }
    built.app = target.name
    built.mayChange = target.infoPlistMayChange
    return built
  }

  /// Where an action of this identifier is declared: a categories file, or
  /// source code (an action appended under a condition counts here).
  func actionPlace(_ name: String) -> String? {
    if let action = declaredAction(name) { return action.place }
    for registrations in codeRegistrations {
      for category in registrations.categories {
        if let action = category.actions?.first(where: { $0.identifier.text == name }) {
          return "\(action.path ?? registrations.path):\(action.identifier.span.start.line)"
        }
      }
    }
    return nil
  }

  /// The categories files, named for messages.
  public var categoryFilesText: String {
    namedList(categoryFiles.map { $0.span == .fileStart ? $0.path : $0.place })
  }

  /// The app targets that embed the target whose Info.plist is `plist`;
  /// nil when no target of an Xcode project names that Info.plist.
  public func embeddingApps(ofExtensionPlist plist: String) -> Set<String>? {
    guard let target = targets.first(where: { $0.infoPlist == plist }) else { return nil }
    return Set(targets.filter { $0.isApp && $0.dependencies.contains(target.name) }.map(\.name))
  }

  /// The categories registered for the apps that embed the content
  /// extension whose Info.plist is `plist`: those of categories files, of
  /// source files the apps (or the targets they depend on) compile, and of
  /// source files no target compiles (a Swift package's, say). Nil when the
  /// Xcode project does not say which apps embed the extension.
  public func categoriesRegistered(forExtensionPlist plist: String) -> [Declaration]? {
    guard let apps = embeddingApps(ofExtensionPlist: plist), !apps.isEmpty else { return nil }
    return categoriesRegistered(forApps: apps)
  }

  /// The categories registered for the apps named (by target): those of
  /// categories files, of sources the apps or their dependencies compile,
  /// and of sources no target compiles.
  public func categoriesRegistered(forApps apps: Set<String>) -> [Declaration] {
    var reachable = apps
    var pending = Array(apps)
    while let name = pending.popLast() {
      for dependency in targets.first(where: { $0.name == name })?.dependencies ?? []
      where reachable.insert(dependency).inserted {
        pending.append(dependency)
      }
    }
    let compiling = targets.filter { reachable.contains($0.name) }
    return categories.filter { category in
      guard SourceFormat.from(fileName: category.path)?.isSourceCode == true else { return true }
      let owners = targets.filter { $0.compiles(category.path) }
      return owners.isEmpty || compiling.contains { $0.compiles(category.path) }
    }
  }

  /// Whether the Xcode project builds no extension from the Info.plist at
  /// `plist`: it names every extension target's Info.plist, and none is
  /// this one (a folder left behind when an extension was renamed or
  /// copied). False without an Xcode project, or when an extension
  /// target's Info.plist is unknown (set in an `.xcconfig` the run did
  /// not read).
  public func buildsNoExtension(fromPlist plist: String) -> Bool {
    let extensions = targets.filter { $0.productType.contains("extension") }
    guard !extensions.isEmpty, extensions.allSatisfy({ $0.infoPlist != nil }) else { return false }
    return !targets.contains { $0.infoPlist == plist }
  }

  /// Whether two extensions may run for one app: unless the Xcode project
  /// embeds each in apps of its own, they may.
  public func mayShareAnApp(_ plist: String, _ other: String) -> Bool {
    guard let apps = embeddingApps(ofExtensionPlist: plist), let others = embeddingApps(ofExtensionPlist: other),
      !apps.isEmpty, !others.isEmpty
    else { return true }
    return !apps.isDisjoint(with: others)
  }

  /// Whether a category the project registers might be `name` without any
  /// rule knowing: a registration whose identifier only running the app tells.
  public var hasUnresolvedCategories: Bool { !unresolvedRegistrations.isEmpty }

  func namedList(_ paths: [String]) -> String {
    if paths.count <= 2 { return paths.joined(separator: " and ") }
    return "\(paths[0]), \(paths[1]) and \(paths.count - 2) more"
  }
}

/// Where each name is declared in a list of declarations: its first place,
/// and for a name declared again, the places after it.
private struct NamePlaces: Sendable {
  private var firstPlaces: [String: Int] = [:]
  private var laterPlaces: [String: [Int]] = [:]

  mutating func record(_ name: String, at index: Int) {
    if firstPlaces[name] == nil {
      firstPlaces[name] = index
    } else {
      laterPlaces[name, default: []].append(index)
    }
  }

  /// An empty table is not asked: that would hash the name.
  func first(of name: String) -> Int? { firstPlaces.isEmpty ? nil : firstPlaces[name] }

  /// Of the declarations of `name` in `declarations` (in order), the first
  /// before the one at `span` of `path` that is not in another arm of its
  /// statements (`branches`).
  func earlier(
    _ name: String, of declarations: [Declaration], than span: SourceSpan, in path: String,
    branches: [CodeBranch]
  ) -> Declaration? {
    guard var index = first(of: name) else { return nil }
    var following = (laterPlaces[name] ?? []).makeIterator()
    while true {
      let declaration = declarations[index]
      if declaration.path == path && declaration.span == span { return nil }
      if declaration.path != path || !CodeBranch.areExclusive(declaration.branches, branches) { return declaration }
      guard let next = following.next() else { return nil }
      index = next
    }
  }
}
