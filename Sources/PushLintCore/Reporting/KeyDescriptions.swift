/// How hover and the JSON Schemas describe a key of the catalog.
extension KeySpec {
  /// Beside its type: the OS versions that introduced the key, its
  /// deprecation, the push types it belongs to.
  var availability: [String] {
    var parts: [String] = []
    if !since.isEmpty {
      parts.append(
        "since "
          + since.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            "\(UnavailableKeyRule.Problem.name(of: $0.key)) \($0.value)"
          }.joined(separator: ", "))
    }
    if let deprecated { parts.append("deprecated: \(deprecated)") }
    if let pushTypes { parts.append("for \(pushTypes.joined(separator: ", ")) pushes") }
    return parts
  }
}

extension SchemaNavigation {
  /// What a key is, for a hover: its types, values, range, first OS
  /// versions and notes, in Markdown.
  func describe(_ key: String, spec: KeySpec?, in place: Place) -> String {
    guard let spec else {
      return "**\(key)**: the dictionary of Apple-defined keys; custom data goes beside it"
    }
    var lines = ["**\(key)**: \(spec.types.map(\.rawValue).joined(separator: " or "))"]
    if let values = spec.values { lines.append("values: " + values.map(\.description).joined(separator: ", ")) }
    if let minimum = spec.minimum, let maximum = spec.maximum {
      lines.append("from \(SchemaValue.number(minimum)) to \(SchemaValue.number(maximum))")
    }
    if let maxBytes = spec.maxBytes { lines.append("at most \(maxBytes) bytes") }
    if spec.required { lines.append("required") }
    lines += spec.availability
    if let note = spec.note { lines.append(note) }
    if case .dictionary(let dictionary) = place { lines.append("in \(dictionary.display)") }
    return lines.joined(separator: "\n\n")
  }
}
