enum TopicSuffixRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = headerContext(document), let declared = push.declaredPushType,
      let topicHeader = push.headers["apns-topic"], let topic = topicHeader.text, !topicHeader.isTemplated(in: document)
    else { return [] }
    let suffixes = context.schema.pushTypeNames.compactMap { name in
      context.schema.pushTypes[name]?.topicSuffix.map { (name, $0) }
    }
    // A broadcast goes to a channel of the app, named without a push-type
    // suffix: APNs answers a suffix with TopicDisallowed [BCAST].
    if push.isBroadcast {
      guard let suffix = suffixes.map(\.1).filter({ topic.hasSuffix($0) }).max(by: { $0.count < $1.count }) else {
        return []
      }
      let bundle = String(topic.dropLast(suffix.count))
      let fix = topicHeader.rewrite(as: bundle, .safe, in: document)
      return [
        finding(
          at: topicHeader.valueSpan, pointer: topicHeader.pointer,
          "a broadcast push names the app without a push-type suffix; apns-topic \"\(topic)\" ends in \"\(suffix)\", which APNs refuses (TopicDisallowed)",
          help: "write \"\(bundle)\"", fix: fix)
      ]
    }
    if let needed = context.schema.pushTypes[declared]?.topicSuffix {
      guard !topic.hasSuffix(needed) else { return [] }
      let fix = topicHeader.rewrite(as: topic + needed, .safe, in: document)
      return [
        finding(
          at: topicHeader.valueSpan, pointer: topicHeader.pointer,
          "apns-topic \"\(topic)\" lacks the \"\(needed)\" suffix that \(declared) pushes need",
          help: "write \"\(topic)\(needed)\"", fix: fix)
      ]
    }
    // The longest matching suffix names the push type it belongs to.
    guard let wrong = suffixes.filter({ topic.hasSuffix($0.1) }).max(by: { $0.1.count < $1.1.count }) else { return [] }
    let bundle = String(topic.dropLast(wrong.1.count))
    // Which is wrong, the suffix or the push type, only the author knows.
    let fix = topicHeader.rewrite(as: bundle, .unsafe, in: document)
    return [
      finding(
        at: topicHeader.valueSpan, pointer: topicHeader.pointer,
        "apns-topic \"\(topic)\" has the \"\(wrong.1)\" suffix of \(wrong.0) pushes, but this is \(indefiniteArticle(declared)) \(declared) push",
        help: "use the app's bundle ID as the topic: \"\(bundle)\"", fix: fix)
    ]
  }
}
