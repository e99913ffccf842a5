/// The platforms a configuration can set a minimum version for.
public enum Platform: String, Sendable, CaseIterable, Hashable {
  case ios, ipados, macos, watchos, tvos, visionos

  // Compared and hashed by case: the defaults of a type with a String raw
  // value would build and hash the name at every lookup of the targets.
  public static func == (one: Platform, other: Platform) -> Bool { one.ordinal == other.ordinal }
  public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

  private var ordinal: UInt8 {
    switch self {
    case .ios: 0
    case .ipados: 1
    case .macos: 2
    case .watchos: 3
    case .tvos: 4
    case .visionos: 5
    }
  }
}

/// A dotted version such as `15.0` or `17.2.1`.
public struct OSVersion: Sendable, Comparable, Hashable, CustomStringConvertible {
  public var components: [Int]

  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.count <= 3 else { return nil }
    var components: [Int] = []
    for part in parts {
      guard let number = Int(part), number >= 0, part.allSatisfy(\.isASCII) else { return nil }
      components.append(number)
    }
    self.components = components
  }

  public var description: String { components.map(String.init).joined(separator: ".") }

  public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    for index in 0..<max(lhs.components.count, rhs.components.count) {
      let left = index < lhs.components.count ? lhs.components[index] : 0
      let right = index < rhs.components.count ? rhs.components[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  public static func == (lhs: OSVersion, rhs: OSVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

  public func hash(into hasher: inout Hasher) {
    var trimmed = components
    while trimmed.last == 0 { trimmed.removeLast() }
    hasher.combine(trimmed)
  }
}
