enum TopicBundleMismatchRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    let apps = context.project.targets.filter(\.isApp)
    // Without an Xcode project, or with an app whose identifier only an
    // .xcconfig or the build knows, there is nothing certain to compare with.
    guard !apps.isEmpty,
      !apps.contains(where: { $0.bundleIdentifiers.isEmpty || $0.unresolvedBundleIdentifier != nil })
    else { return [] }
    let identifiers = apps.flatMap(\.bundleIdentifiers)
    var checked: [(topic: String, span: SourceSpan, pointer: String, what: String, outcome: String)] = []
    if let push = document.push, let header = push.headers["apns-topic"], let topic = header.text,
      !header.isTemplated(in: document), !isLeftToFillIn(topic)
    {
      checked.append((topic, header.valueSpan, header.pointer, "apns-topic", "APNs answers DeviceTokenNotForTopic"))
    }
    if let bundle = document.root?["Simulator Target Bundle"], let topic = bundle.stringValue,
      !document.containsPlaceholder(topic), !isLeftToFillIn(topic)
    {
      checked.append(
        (
          topic, bundle.span, bundle.pointer, "\"Simulator Target Bundle\"",
          "the Simulator delivers the push to no app of this project"
        ))
    }
    return checked.compactMap { item in
      let (bundle, suffix) = context.schema.bundleIdentifier(ofTopic: item.topic)
      guard
        !identifiers.contains(where: {
          PushSchema.sameBundleIdentifier($0, bundle) || PushSchema.sameBundleIdentifier($0, item.topic)
        })
      else { return nil }
      let names = apps.map { "\($0.name) (\($0.bundleIdentifiers.joined(separator: ", ")))" }
      var message =
        "\(item.what) \"\(item.topic)\" names no app of this project: the app targets are "
        + context.project.namedList(names)
        + " in \(context.project.namedList(context.project.xcodeProjects.map(\.path))); \(item.outcome)"
      var help: String?
      if let nearest = Suggestion.nearest(to: bundle, in: identifiers) {
        message += "; did you mean \"\(nearest + suffix)\"?"
        help = "write \"\(nearest + suffix)\""
      }
      let (said, fix) = (message, help)
      return finding(at: item.span, pointer: item.pointer, said, help: fix)
    }
  }

  /// A topic holding what no bundle identifier can (`<your-name>`,
  /// `${BUNDLE_ID}`, `$(PRODUCT_BUNDLE_IDENTIFIER)`, a space) is a
  /// placeholder its author left for the reader to fill in, not a
  /// mistyped identifier: bundle identifiers are letters, digits, hyphens
  /// and periods.
  static func isLeftToFillIn(_ topic: String) -> Bool {
    topic.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
        UInt8(ascii: "]"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: " "):
        true
      default: false
      }
    }
  }
}
