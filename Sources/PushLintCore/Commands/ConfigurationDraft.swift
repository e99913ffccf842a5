/// `pushlint init`: a commented `.pushlint.yml` for the repository as
/// pushlint reads it — the lowest deployment target of each platform its
/// app targets build for, and the app's side (plists, entitlements,
/// registrations, localized texts, sounds, the Xcode project) as `context`,
/// so a hook that lints only the changed files still sees it.
extension Linter {
  /// The `.pushlint.yml` `pushlint init` writes for `directory`.
  public func draftConfiguration(directory: String) -> String {
    ConfigurationDraftWriter.text(of: draft(directory: directory))
  }

  /// What the draft holds: each platform's lowest deployment target over
  /// the app and extension targets, and globs for the app's side.
  public func draft(directory: String) -> ConfigurationDraft {
    let (projects, _) = describeProjects(paths: ["."], currentDirectory: directory)
    var platforms: [Platform: OSVersion] = [:]
    var contextFiles: [String] = []
    let contextKinds: Set<String> = [
      DocumentKind.appInfoPlist.rawValue, DocumentKind.extensionInfoPlist.rawValue, DocumentKind.entitlements.rawValue,
      DocumentKind.localization.rawValue, DocumentKind.categories.rawValue, DocumentKind.xcodeProject.rawValue,
      DocumentKind.provisioningProfile.rawValue, DocumentKind.buildSettings.rawValue, "source-registrations", "sound",
    ]
    for project in projects {
      for target in project.targets where target.isApp || target.isExtension {
        guard let (platform, version) = target.deploymentTarget else { continue }
        if platforms[platform].map({ version < $0 }) ?? true { platforms[platform] = version }
      }
      contextFiles += project.files.filter { contextKinds.contains($0.kind) }.map(\.path)
    }
    return ConfigurationDraft(targets: platforms, context: Self.contextGlobs(contextFiles))
  }

  /// Globs that name the files, as a person would write them: a folder's
  /// files of one extension as `Folder/*.ext` when the folder holds several,
  /// the language folders of a table as `Folder/*.lproj/Name`, and Info.plists
  /// of sibling folders as `*/Info.plist`.
  static func contextGlobs(_ paths: [String]) -> [String] {
    var globs: [String] = []
    func add(_ glob: String) { if !globs.contains(glob) { globs.append(glob) } }
    let infoPlists = paths.filter { Paths.fileName($0) == "Info.plist" }
    // Info.plists one level down, in several folders: one glob for all.
    let shallow = infoPlists.filter { $0.split(separator: "/").count == 2 }
    for path in paths.sorted() {
      let directory = Paths.directoryName(path)
      let name = Paths.fileName(path)
      let parent = Paths.directoryName(directory)
      if directory.hasSuffix(".lproj") {
        add(Paths.join(parent == "." ? "" : parent, "*.lproj/" + name).trimmingLeadingSlash)
      } else if name == "Info.plist" && shallow.count > 1 && shallow.contains(path) {
        add("*/Info.plist")
      } else {
        let siblings = paths.filter { Paths.directoryName($0) == directory && fileExtension($0) == fileExtension(path) }
        let folder = directory == "." ? "" : directory + "/"
        add(siblings.count > 1 && name != "Info.plist" ? "\(folder)*.\(fileExtension(path))" : path)
      }
    }
    return globs
  }
}

extension String {
  fileprivate var trimmingLeadingSlash: String { hasPrefix("/") ? String(dropFirst()) : self }
}

/// What `pushlint init` found to write.
public struct ConfigurationDraft: Sendable {
  public var targets: [Platform: OSVersion]
  public var context: [String]
}
