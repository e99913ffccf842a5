/// A target of an Xcode project, as far as notifications need it: what it
/// builds, its bundle identifiers, and which Info.plist and entitlements
/// file are its own.
/// What the run cannot see that may still add keys to a target's built Info.plist.
public enum InfoPlistChange: Sendable, Hashable {
  /// A Run Script build phase (named, when it has a name) that edits the Info.plist.
  case runScript(phaseName: String?)
  /// An `.xcconfig` file a configuration is based on, which the run did not read.
  case unreadSettingsFile(String)
}

public struct XcodeTarget: Sendable {
  public var name: String
  /// `com.apple.product-type.application`, `…app-extension`, …
  public var productType: String
  /// Each build configuration's `PRODUCT_BUNDLE_IDENTIFIER`, expanded, in
  /// configuration order without repeats; empty when none is set.
  public var bundleIdentifiers: [String] = []
  /// A bundle identifier naming a build setting that is not in the project
  /// (an `.xcconfig`, say): the target's identifier is then unknown.
  public var unresolvedBundleIdentifier: String?
  /// Paths as the run shows them.
  public var infoPlist: String?
  public var entitlements: String?
  /// `INFOPLIST_KEY_*` settings: keys of a generated Info.plist.
  public var infoPlistKeys: [String: String] = [:]
  /// `GENERATE_INFOPLIST_FILE = YES` (Xcode 13's default): the built
  /// Info.plist is `infoPlist` (if any) with the `INFOPLIST_KEY_*` settings
  /// merged in, or the settings alone.
  public var generatesInfoPlist = false
  /// What the run cannot see that may still add keys to the built
  /// Info.plist: a Run Script phase that edits it, or an `.xcconfig` file a
  /// configuration is based on that the run did not read.
  public var infoPlistMayChange: InfoPlistChange?
  /// The platform the target builds for and its lowest deployment target
  /// over the configurations (`SDKROOT` with its `…_DEPLOYMENT_TARGET`).
  public var deploymentTarget: (platform: Platform, version: OSVersion)?
  /// `SDKROOT`, when a configuration sets it (`iphoneos`, `macosx`, …).
  public var sdk: String?
  /// The targets this one depends on (an app's embedded extensions).
  public var dependencies: [String] = []
  /// The source files the target compiles, as the run shows paths, and the
  /// folders Xcode keeps in sync with it (every file under one is the
  /// target's).
  public var sourceFiles: Set<String> = []
  public var sourceFolders: [String] = []

  /// Whether the target compiles the file at `path`.
  public func compiles(_ path: String) -> Bool {
    sourceFiles.contains(path) || sourceFolders.contains { path.hasPrefix($0 + "/") }
  }
  /// The project file and the target's name there.
  public var declaration: Declaration

  public var isApp: Bool { productType.hasPrefix("com.apple.product-type.application") }

  /// Whether the app's background pushes need `UIBackgroundModes`: an app
  /// for iOS, iPadOS or visionOS. A macOS app is woken without the key
  /// (it does not exist there); a watch app's and a tvOS app's background
  /// delivery is not judged.
  public var needsBackgroundModesForPushes: Bool {
    isApp && !productType.contains("watchapp") && sdk != "macosx" && sdk != "appletvos" && sdk != "watchos"
  }
  public var isExtension: Bool { productType.contains("extension") }

  /// A short name for the product type (`app`, `app-extension`, `framework`).
  public var productKind: String {
    let prefix = "com.apple.product-type."
    return productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
  }
}

/// Reads the targets out of a parsed `project.pbxproj`.
enum XcodeProjectReader {
  /// `settingsFiles`: the `.xcconfig` files in the run, by path, which a
  /// configuration's `baseConfigurationReference` may name.
  static func targets(of root: Node, path: String, settingsFiles: [String: Node] = [:]) -> [XcodeTarget] {
    guard let objects = root["objects"] else { return [] }
    func object(_ id: String?) -> Node? { id.flatMap { objects[$0] } }
    // Folder of the .xcodeproj: where SRCROOT and relative settings start.
    let projectDirectory = Paths.directoryName(Paths.directoryName(path))
    let bundleName = Paths.fileName(Paths.directoryName(path))
    let projectName = bundleName.hasSuffix(".xcodeproj") ? String(bundleName.dropLast(".xcodeproj".count)) : bundleName
    var projectSettings: [String: [String: String]] = [:]
    var nativeTargets: [(id: String, node: Node, span: SourceSpan)] = []
    for member in objects.members ?? [] {
      switch member.value["isa"]?.stringValue {
      case "PBXProject":
        for configuration in configurations(of: member.value, in: object, settingsFiles: settingsFiles) {
          projectSettings[configuration.name] = configuration.settings
        }
      case "PBXNativeTarget":
        nativeTargets.append((member.key, member.value, member.value["name"]?.span ?? member.keySpan))
      default: break
      }
    }
    let names = Dictionary(
      nativeTargets.map { ($0.id, $0.node["name"]?.stringValue ?? $0.id) }, uniquingKeysWith: { first, _ in first })
    let filePaths = Self.filePaths(objects: objects, projectDirectory: projectDirectory)
    return nativeTargets.map { id, node, span in
      let name = node["name"]?.stringValue ?? id
      var target = XcodeTarget(
        name: name, productType: node["productType"]?.stringValue ?? "",
        declaration: Declaration(name: name, path: path, span: span))
      var unreadSettingsFile: String?
      for configuration in configurations(of: node, in: object, settingsFiles: settingsFiles) {
        var settings = projectSettings[configuration.name] ?? [:]
        settings.merge(configuration.settings) { $1 }
        // CocoaPods' files set search paths and flags, never Info.plist keys.
        if let unread = configuration.unreadSettingsFile, !unread.contains("Pods-"), !unread.contains("Pods/") {
          unreadSettingsFile = unreadSettingsFile ?? unread
        }
        let builtIn = [
          "TARGET_NAME": name, "PROJECT_NAME": projectName, "SRCROOT": ".", "PROJECT_DIR": ".",
          "SOURCE_ROOT": ".", "CONFIGURATION": configuration.name,
        ]
        var expander = SettingExpander(settings: settings, builtIn: builtIn)
        if let identifier = settings["PRODUCT_BUNDLE_IDENTIFIER"] {
          if let expanded = expander.expand(identifier) {
            if !target.bundleIdentifiers.contains(expanded) { target.bundleIdentifiers.append(expanded) }
          } else {
            target.unresolvedBundleIdentifier = identifier
          }
        }
        if target.infoPlist == nil, let plist = settings["INFOPLIST_FILE"].flatMap({ expander.expand($0) }) {
          target.infoPlist = projectPath(plist, in: projectDirectory)
        }
        if target.entitlements == nil, let file = settings["CODE_SIGN_ENTITLEMENTS"].flatMap({ expander.expand($0) }) {
          target.entitlements = projectPath(file, in: projectDirectory)
        }
        if let sdk = settings["SDKROOT"], target.sdk == nil { target.sdk = sdk }
        if let sdk = settings["SDKROOT"], let (platform, key) = Self.deploymentSettings[sdk],
          let text = settings[key].flatMap({ expander.expand($0) }), let version = OSVersion(text),
          target.deploymentTarget.map({ version < $0.version }) ?? true
        {
          target.deploymentTarget = (platform, version)
        }
        if settings["GENERATE_INFOPLIST_FILE"]?.uppercased() == "YES" { target.generatesInfoPlist = true }
        for (key, value) in settings where key.hasPrefix("INFOPLIST_KEY_") {
          target.infoPlistKeys[String(key.dropFirst("INFOPLIST_KEY_".count))] = expander.expand(value) ?? value
        }
      }
      for phase in node["buildPhases"]?.elements ?? [] {
        guard let phase = object(phase.stringValue) else { continue }
        if phase["isa"]?.stringValue == "PBXShellScriptBuildPhase", target.infoPlistMayChange == nil,
          let script = phase["shellScript"]?.stringValue, Self.mayEditInfoPlist(script)
        {
          target.infoPlistMayChange = .runScript(phaseName: phase["name"]?.stringValue)
        }
        guard phase["isa"]?.stringValue == "PBXSourcesBuildPhase" else { continue }
        for file in phase["files"]?.elements ?? [] {
          if let reference = object(file.stringValue)?["fileRef"]?.stringValue, let filePath = filePaths[reference] {
            target.sourceFiles.insert(filePath)
          }
        }
      }
      for group in node["fileSystemSynchronizedGroups"]?.elements ?? [] {
        if let folder = group.stringValue.flatMap({ filePaths[$0] }) { target.sourceFolders.append(folder) }
      }
      // An unread .xcconfig may name the Info.plist file a target whose
      // own settings name none builds from.
      if target.infoPlistMayChange == nil, target.infoPlist == nil, let unread = unreadSettingsFile {
        target.infoPlistMayChange = .unreadSettingsFile(unread)
      }
      for dependency in node["dependencies"]?.elements ?? [] {
        if let targetID = object(dependency.stringValue)?["target"]?.stringValue, let name = names[targetID] {
          target.dependencies.append(name)
        }
      }
      return target
    }
  }

  /// The path of every file reference and group under the project's main
  /// group, as the run shows paths: each `<group>`-relative path joined to
  /// its parent's, `SOURCE_ROOT` paths to the project's folder. References
  /// to built products or the SDK have none.
  static func filePaths(objects: Node, projectDirectory: String) -> [String: String] {
    var paths: [String: String] = [:]
    let root = objects.members?.first { $0.value["isa"]?.stringValue == "PBXProject" }?.value
    guard let mainGroup = root?["mainGroup"]?.stringValue else { return paths }
    var pending: [(id: String, parent: String, depth: Int)] = [(mainGroup, projectDirectory, 0)]
    while let (id, parent, depth) = pending.popLast() {
      guard depth < 64, paths[id] == nil, let node = objects[id] else { continue }
      let own = node["path"]?.stringValue
      let base: String
      switch node["sourceTree"]?.stringValue ?? "<group>" {
      case "<group>": base = parent
      case "SOURCE_ROOT": base = projectDirectory
      case "<absolute>": base = ""
      default: continue
      }
      let full = own.map { base.isEmpty || base == "." ? $0 : Paths.join(base, $0) } ?? base
      paths[id] = Paths.normalize(full)
      for child in node["children"]?.elements ?? [] {
        if let childID = child.stringValue { pending.append((childID, paths[id] ?? full, depth + 1)) }
      }
    }
    return paths
  }

  /// Each `SDKROOT` with the platform it builds for and the setting naming
  /// the lowest version it runs on.
  static let deploymentSettings: [String: (Platform, String)] = [
    "iphoneos": (.ios, "IPHONEOS_DEPLOYMENT_TARGET"), "macosx": (.macos, "MACOSX_DEPLOYMENT_TARGET"),
    "watchos": (.watchos, "WATCHOS_DEPLOYMENT_TARGET"), "appletvos": (.tvos, "TVOS_DEPLOYMENT_TARGET"),
    "xros": (.visionos, "XROS_DEPLOYMENT_TARGET"),
  ]

  /// A target's or project's build configurations with their settings as
  /// strings: those of the `.xcconfig` it is based on, then its own.
  private static func configurations(
    of node: Node, in object: (String?) -> Node?, settingsFiles: [String: Node]
  ) -> [(name: String, settings: [String: String], unreadSettingsFile: String?)] {
    let list = object(node["buildConfigurationList"]?.stringValue)
    return (list?["buildConfigurations"]?.elements ?? []).compactMap { reference in
      guard let configuration = object(reference.stringValue) else { return nil }
      var settings: [String: String] = [:]
      var unread: String?
      if let name = baseSettingsFile(of: configuration, in: object) {
        settings = buildSettings(named: name, in: settingsFiles, depth: 0)
        if settings.isEmpty { unread = name }
      }
      for member in configuration["buildSettings"]?.members ?? [] {
        // A setting with a condition (`KEY[sdk=iphoneos*]`) holds for some builds only.
        guard !member.key.contains("[") else { continue }
        if let text = member.value.stringValue {
          settings[member.key] = text
        } else if let elements = member.value.elements {
          settings[member.key] = elements.compactMap(\.stringValue).joined(separator: " ")
        }
      }
      return (configuration["name"]?.stringValue ?? "", settings, unread)
    }
  }

  /// The `.xcconfig` file a configuration is based on, as its project
  /// names it: a file reference (`baseConfigurationReference`), or, since
  /// Xcode 16, a path inside a synchronized folder
  /// (`baseConfigurationReferenceAnchor` and
  /// `baseConfigurationReferenceRelativePath`).
  static func baseSettingsFile(of configuration: Node, in object: (String?) -> Node?) -> String? {
    if let base = object(configuration["baseConfigurationReference"]?.stringValue) {
      return base["path"]?.stringValue ?? base["name"]?.stringValue
    }
    guard let relative = configuration["baseConfigurationReferenceRelativePath"]?.stringValue else { return nil }
    if let folder = object(configuration["baseConfigurationReferenceAnchor"]?.stringValue)?["path"]?.stringValue {
      return Paths.join(folder, relative)
    }
    return relative
  }

  /// The settings of the `.xcconfig` file a file reference names (its path
  /// relative to a group, so matched by its end), with its includes first.
  static func buildSettings(named name: String, in files: [String: Node], depth: Int) -> [String: String] {
    let wanted = Paths.fileName(name)
    let candidates = files.keys.filter {
      Paths.fileName($0) == wanted && ($0 == name || $0.hasSuffix("/" + name) || !name.contains("/"))
    }
    guard depth < 8, candidates.count == 1, let path = candidates.first, let root = files[path] else { return [:] }
    var settings: [String: String] = [:]
    for member in root.members ?? [] {
      if member.key == "#include", let included = member.value.stringValue {
        let relative = Paths.normalize(Paths.join(Paths.directoryName(path), included))
        settings.merge(buildSettings(named: relative, in: files, depth: depth + 1)) { $1 }
      } else if let value = member.value.stringValue {
        settings[member.key] = value
      }
    }
    return settings
  }

  /// Whether a Run Script may change the target's built Info.plist: it
  /// names `UIBackgroundModes`, or it runs a plist editor on the target's
  /// Info.plist (`$INFOPLIST_FILE`, `$INFOPLIST_PATH`). A script that
  /// copies a framework with its own `Info.plist` does not.
  static func mayEditInfoPlist(_ script: String) -> Bool {
    if script.contains("UIBackgroundModes") { return true }
    let namesTheTargets = ["INFOPLIST_FILE", "INFOPLIST_PATH", "PRODUCT_SETTINGS_PATH"].contains { script.contains($0) }
    let edits = ["PlistBuddy", "plutil", "defaults write"].contains { script.contains($0) }
    return namesTheTargets && edits
  }

  /// A path a build setting gives, as the run shows paths.
  static func projectPath(_ value: String, in projectDirectory: String) -> String {
    var value = value
    while value.hasPrefix("./") { value.removeFirst(2) }
    if value.hasPrefix("/") { return value }
    return Paths.normalize(projectDirectory.isEmpty || projectDirectory == "." ? value : projectDirectory + "/" + value)
  }
}

/// `$(NAME)`, `${NAME}` and `$(NAME:modifier)` over build settings; nil
/// when a name is set nowhere in the project (an `.xcconfig` or the
/// command line sets it), names itself, or expands past `maxLength`.
struct SettingExpander {
  let settings: [String: String]
  let builtIn: [String: String]
  private var depth = 0
  /// Each setting's expansion, made once: settings that each name another
  /// several times would otherwise be expanded again for every mention.
  private var expanded: [String: String?] = [:]
  /// The settings being expanded: one met again names itself.
  private var expanding: Set<String> = []
  /// Whether an expansion stopped at the depth limit: its nil depends on
  /// where the setting was named from, and is not kept.
  private var stoppedAtDepth = false
  /// Longer than any identifier or path a build setting gives; settings
  /// that double at each step stop here instead of filling the memory.
  static let maxLength = 65_536

  init(settings: [String: String], builtIn: [String: String]) {
    self.settings = settings
    self.builtIn = builtIn
  }

  mutating func expand(_ text: String) -> String? {
    guard depth < 16 else {
      stoppedAtDepth = true
      return nil
    }
    depth += 1
    defer { depth -= 1 }
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest.index(after: dollar)
      guard after < rest.endIndex, let close = closing(for: rest[after]) else {
        result.append("$")
        rest = rest[after...]
        continue
      }
      guard let end = rest[after...].firstIndex(of: close) else { return nil }
      let inner = rest[rest.index(after: after)..<end]
      let parts = inner.split(separator: ":", maxSplits: 1)
      guard let name = parts.first.map(String.init) else { return nil }
      guard var value = value(of: name) else { return nil }
      if parts.count == 2 {
        for modifier in parts[1].split(separator: ",") {
          switch modifier {
          case "rfc1034identifier":
            value = String(value.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" })
          case "c99extidentifier", "identifier":
            value = String(value.map { $0.isLetter || $0.isNumber ? $0 : "_" })
          case "lower": value = value.lowercased()
          case "upper": value = value.uppercased()
          default: return nil
          }
        }
      }
      result += value
      guard result.utf8.count <= Self.maxLength else { return nil }
      rest = rest[rest.index(after: end)...]
    }
    return result + rest
  }

  private func closing(for character: Character) -> Character? {
    character == "(" ? ")" : character == "{" ? "}" : nil
  }

  private mutating func value(of name: String) -> String? {
    if name == "inherited" { return "" }
    if let setting = settings[name] {
      if let known = expanded[name] { return known }
      guard expanding.insert(name).inserted else { return nil }
      let stoppedBefore = stoppedAtDepth
      stoppedAtDepth = false
      let value = expand(setting)
      expanding.remove(name)
      if !stoppedAtDepth { expanded[name] = value }
      stoppedAtDepth = stoppedAtDepth || stoppedBefore
      return value
    }
    if name == "PRODUCT_NAME" { return builtIn["TARGET_NAME"] }
    return builtIn[name]
  }
}
