/// Reads the categories a WatchKit storyboard declares: a notification
/// interface controller's `<notificationCategory identifier="…">`. A watch
/// app built with storyboards (Xcode's template before SwiftUI) names its
/// categories there, and its PushNotificationPayload.apns uses them.
public struct StoryboardRegistrationReader: RegistrationReader {
  public init() {}

  public var fileExtensions: Set<String> { ["storyboard"] }

  static let tag = Array("<notificationCategory".utf8)

  public func registrations(in files: [CodeSource], module: CodeModule) -> [CodeRegistrations] {
    files.map { file in
      var result = CodeRegistrations(path: file.path)
      let bytes = file.bytes
      let lines = LineIndex(bytes: bytes)
      var from = 0
      while let start = ByteSearch.firstIndex(of: Self.tag, in: bytes, from: from) {
        from = start + Self.tag.count
        let end = bytes[from...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        let tagSpan = SourceSpan(start: lines.position(ofOffset: start), end: lines.position(ofOffset: from))
        guard let value = Self.attribute("identifier", in: bytes, from..<end) else {
          result.unresolved.append(
            CodeUnresolved(span: tagSpan, reason: .storyboardCategoryWithoutIdentifier))
          continue
        }
        let span = SourceSpan(
          start: lines.position(ofOffset: value.range.lowerBound), end: lines.position(ofOffset: value.range.upperBound)
        )
        var category = CodeCategory(identifier: CodeString(value.text, span: span), initializer: tagSpan)
        category.actionsUnresolved = .storyboardNamesCategoryOnly
        result.categories.append(category)
      }
      return result
    }.filter { !$0.categories.isEmpty || !$0.unresolved.isEmpty }
  }

  /// An attribute's value within a tag, its XML entities decoded, and the
  /// byte range of the value between its quotes.
  static func attribute(_ name: String, in bytes: [UInt8], _ range: Range<Int>) -> (text: String, range: Range<Int>)? {
    let needle = Array((" " + name + "=").utf8)
    guard let found = ByteSearch.firstIndex(of: needle, in: Array(bytes[range]), from: 0) else { return nil }
    let quoteIndex = range.lowerBound + found + needle.count
    guard quoteIndex < range.upperBound,
      bytes[quoteIndex] == UInt8(ascii: "\"") || bytes[quoteIndex] == UInt8(ascii: "'")
    else { return nil }
    let quote = bytes[quoteIndex]
    guard let close = bytes[(quoteIndex + 1)..<range.upperBound].firstIndex(of: quote) else { return nil }
    let raw = String(decoding: bytes[(quoteIndex + 1)..<close], as: UTF8.self)
    let text = raw.replacingEntities()
    return (text, (quoteIndex + 1)..<close)
  }
}

extension String {
  /// XML's entities decoded; an unknown one is kept as written.
  fileprivate func replacingEntities() -> String {
    guard contains("&") else { return self }
    var result = ""
    var rest = self[...]
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: ampersand)..<semicolon]
      result += XMLEntity.text(of: name) ?? String(rest[ampersand...semicolon])
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}
