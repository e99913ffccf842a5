enum LocArgsWithoutKeyRule: Rule {
  static let documentKinds: Set<DocumentKind>? = .pushes

  static func check(_ document: Document, context: RuleContext) -> [Finding] {
    guard let push = document.push, push.pushType != "liveactivity", let alert = push.aps?["alert"], alert.isObject
    else { return [] }
    var findings: [Finding] = []
    for (prefix, keyKey, argsKey) in alertLocalizationKeys {
      guard let args = alert.member(argsKey), !alert.hasMember(keyKey) else { continue }
      findings.append(
        finding(
          atKeyOf: args,
          "\"\(prefix)loc-args\" without \"\(prefix)loc-key\": the arguments fill the localized format that \"\(prefix)loc-key\" names, so the system cannot use them",
          help: "add \"\(prefix)loc-key\" naming the localized format"))
    }
    return findings
  }
}
