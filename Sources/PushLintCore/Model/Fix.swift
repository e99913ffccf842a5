/// A change that removes a finding, as a rule knows it: what to change in
/// the document, not yet the bytes. The bytes are spelled where the file's
/// text is at hand (`FixSpelling`), in the file's own style: a YAML value
/// keeps its quotes, a plist value its element.
public struct Fix: Sendable, Hashable {
  /// How sure the fix is, as ruff has it.
  public enum Applicability: String, Sendable, Hashable, Comparable {
    /// The meaning is certainly kept or certainly intended: `--fix` applies it.
    case safe
    /// Probably right, but it may change what is sent: `--unsafe-fixes` applies it.
    case unsafe
    /// Shown, never applied.
    case displayOnly = "display-only"

    private var rank: Int {
      switch self {
      case .safe: 0
      case .unsafe: 1
      case .displayOnly: 2
      }
    }

    public static func < (lhs: Applicability, rhs: Applicability) -> Bool { lhs.rank < rhs.rank }
  }

  /// One change to the document.
  public enum Change: Sendable, Hashable {
    /// The scalar at `span` (quotes or element included) becomes `value`.
    case replaceValue(SourceSpan, with: Scalar)
    /// The key at `span` (quotes or element included) becomes `name`.
    case renameKey(SourceSpan, to: String)
    /// The member whose key and value are at these spans goes, with the
    /// comma or lines that belong to it.
    case removeMember(key: SourceSpan, value: SourceSpan)
    /// The number or boolean at `span` becomes the string it is written as
    /// (`0110` in YAML as "0110", not as the number it reads as).
    case quote(SourceSpan)
    /// The member whose key and value are at `key` and `value` leaves its
    /// object for the one holding the object: it is written, as it was
    /// written, right after that object's own member (`beside`), as its
    /// next member.
    case moveOut(key: SourceSpan, value: SourceSpan, beside: MemberSpans)
    /// The comma at `span`, after a container's last element, goes.
    case removeTrailingComma(SourceSpan)
  }

  /// Where a member's key and value are.
  public struct MemberSpans: Sendable, Hashable {
    public var key: SourceSpan
    public var value: SourceSpan

    public init(key: SourceSpan, value: SourceSpan) {
      self.key = key
      self.value = value
    }
  }

  /// A scalar as a fix writes it.
  public enum Scalar: Sendable, Hashable {
    case string(String)
    /// A number by its JSON literal.
    case number(String)
    case boolean(Bool)
  }

  /// One line saying what the fix does ("write 3 without quotes").
  public var title: String
  public var applicability: Applicability
  public var changes: [Change]
  /// The syntax the changes are spelled in.
  public var format: SourceFormat

  public init(title: String, applicability: Applicability, changes: [Change], format: SourceFormat) {
    self.title = title
    self.applicability = applicability
    self.changes = changes
    self.format = format
  }
}

/// A fix spelled out: a span of the original file replaced.
public struct Edit: Sendable, Hashable {
  /// What is replaced; its offsets are bytes of the original file.
  public var span: SourceSpan
  public var replacement: String

  public init(span: SourceSpan, replacement: String) {
    self.span = span
    self.replacement = replacement
  }

  public var start: Int { span.start.offset }
  public var end: Int { span.end.offset }
}

/// How many findings have a safe fix and how many an unsafe one.
public struct FixCounts: Sendable, Equatable {
  public var safe = 0
  public var unsafe = 0

  public init() {}

  public mutating func count(_ fix: Fix?) {
    switch fix?.applicability {
    case .safe?: safe += 1
    case .unsafe?: unsafe += 1
    default: break
    }
  }

  public static func += (lhs: inout FixCounts, rhs: FixCounts) {
    lhs.safe += rhs.safe
    lhs.unsafe += rhs.unsafe
  }
}
