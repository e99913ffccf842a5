/// What pushlint believes each project is: the files it read and as what,
/// the Xcode targets, the categories registered (in code or in a categories
/// file) and what could not be resolved. `pushlint project` prints it, so a
/// surprising finding can be traced to what pushlint read.
public struct ProjectDescription: Sendable {
  public struct File: Sendable {
    public var path: String
    public var kind: String
  }
  public struct Skipped: Sendable {
    public var path: String
    public var why: SkipReason
  }
  /// Why a file read holds nothing pushlint judges.
  public enum SkipReason: Sendable, Hashable {
    /// The file could not be read (the file system's reason).
    case unreadable(String)
    case storyboardWithoutCategory
    /// Source code that names notification types but registers no category.
    case registersNoCategory(SourceFormat)
    case namesNoNotificationType(SourceFormat)
    case empty
    case assetCatalogEntry
    case noKindRead
  }
  public struct Category: Sendable {
    public var identifier: String
    public var path: String
    public var line: Int
    public var options: [String]
    public var actions: [CategoryAction]?
    /// Why the actions are not listed, when they cannot be known statically.
    public var actionsUnresolved: Unknowable?
  }
  public struct CategoryAction: Sendable {
    public var identifier: String
    public var options: [String]
    public var textInput: Bool
    public var conditional: Bool
    /// `systemImageName: checkmark`, when the action has an icon.
    public var icon: String?
  }
  public struct Unresolved: Sendable {
    public var path: String
    public var line: Int
    public var reason: Unknowable
  }

  /// The project's folder and its configuration file, as the run shows paths.
  public var root: String
  public var configuration: String?
  public var files: [File] = []
  public var skipped: [Skipped] = []
  public var targets: [XcodeTarget] = []
  public var categories: [Category] = []
  public var extensions: [(path: String, categories: [String])] = []
  public var unresolved: [Unresolved] = []
}

extension Linter {
  /// Each project the paths make up, read and resolved as `lint(paths:)`
  /// reads them, but not checked.
  public func describeProjects(
    paths: [String], currentDirectory: String
  ) -> (
    projects: [ProjectDescription], errors: [FileError]
  ) {
    var errors: [FileError] = []
    var projects: [ProjectDescription] = []
    func display(_ absolute: String) -> String { Paths.relative(absolute, to: currentDirectory) ?? absolute }
    for group in projectGroups(paths: paths, currentDirectory: currentDirectory, errors: &errors) {
      guard let linter = group.linter else {
        errors += group.configurationErrors
        continue
      }
      let (linted, contextFiles, context) = linter.readProject(
        linter.readInParallel(group.inputs), currentDirectory: currentDirectory, errors: &errors)
      var files = linted + contextFiles
      // Files held unread until checked are read now, for their kind.
      for index in files.indices {
        if case .deferred(let bytes) = files[index].content {
          files[index] = linter.read(bytes: bytes, input: files[index].input)
        }
      }
      var description = ProjectDescription(
        root: display(group.root),
        configuration: linter.configuration.file.map { display(Paths.absolute($0, from: currentDirectory)) })
      for file in files.sorted(by: { $0.input.displayPath < $1.input.displayPath }) {
        let path = file.input.displayPath
        if let error = file.error {
          description.skipped.append(.init(path: path, why: .unreadable(error.reason)))
        } else if file.sound != nil {
          description.files.append(.init(path: path, kind: "sound"))
        } else if case .jsonLines = file.content {
          description.files.append(.init(path: path, kind: "json-lines"))
        } else if let document = file.documents.first {
          let kind = document.format.isSourceCode ? "source-registrations" : document.kind.rawValue
          description.files.append(.init(path: path, kind: kind))
        } else {
          description.skipped.append(Self.skipped(file))
        }
      }
      description.targets = context.targets
      for (path, claimed) in context.contentExtensions {
        description.extensions.append((path, claimed.map(\.name)))
      }
      for document in files.flatMap(\.documents) where document.kind == .categories {
        if let code = document.code {
          for category in code.categories {
            description.categories.append(
              .init(
                identifier: category.identifier.text, path: code.path, line: category.initializer.start.line,
                options: category.options.map(\.text),
                actions: category.actions?.map {
                  .init(
                    identifier: $0.identifier.text, options: $0.options.map(\.text), textInput: $0.isTextInput,
                    conditional: $0.isConditional, icon: $0.icon.map { "\($0.kind): \($0.name.text)" })
                }, actionsUnresolved: category.actionsUnresolved))
          }
          for unresolved in code.unresolved {
            description.unresolved.append(
              .init(path: code.path, line: unresolved.span.start.line, reason: unresolved.reason))
          }
        } else {
          document.root?["categories"]?.forEachElement { category in
            guard let identifier = category["identifier"], let name = identifier.stringValue else { return }
            description.categories.append(
              .init(
                identifier: name, path: document.path, line: identifier.span.start.line,
                options: category["options"]?.elements?.compactMap(\.stringValue) ?? [],
                actions: (category["actions"]?.elements ?? []).map { action in
                  let icon = action["icon"]?.members?.first.flatMap { member in
                    member.value.stringValue.map { "\(member.key): \($0)" }
                  }
                  return .init(
                    identifier: action["identifier"]?.stringValue ?? "",
                    options: action["options"]?.elements?.compactMap(\.stringValue) ?? [],
                    textInput: action["textInputButtonTitle"] != nil, conditional: false, icon: icon)
                }))
          }
        }
      }
      projects.append(description)
    }
    return (projects, errors)
  }

  /// Why a file read holds nothing pushlint judges, and the group it is counted in.
  static func skipped(_ file: ReadFile) -> ProjectDescription.Skipped {
    let path = file.input.displayPath
    let language = SourceFormat.from(fileName: path)
    if language == .storyboard { return .init(path: path, why: .storyboardWithoutCategory) }
    if file.isCode, let language {
      return .init(
        path: path, why: file.registers ? .registersNoCategory(language) : .namesNoNotificationType(language))
    }
    if case .empty = file.content { return .init(path: path, why: .empty) }
    if Paths.fileName(path) == "Contents.json" && path.contains(".xcassets/") {
      return .init(path: path, why: .assetCatalogEntry)
    }
    return .init(path: path, why: .noKindRead)
  }
}
