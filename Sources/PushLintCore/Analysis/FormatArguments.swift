/// The arguments a printf-style format consumes, counted the way
/// `String(format:)` consumes them: each conversion (`%@`, `%d`, …) takes the
/// next argument, a positional one (`%2$@`) takes that argument, `*` widths
/// and precisions take one too, `%%` takes none, and a String Catalog or
/// stringsdict substitution (`%#@count@`) takes one.
public enum FormatArguments {
  public struct Specifier: Equatable, Sendable {
    /// The specifier as written, e.g. `%1$@`.
    public var text: String
    /// 1-based argument number it reads.
    public var argument: Int
    /// The substitution's name for `%#@name@`, else nil.
    public var substitution: String?
    /// Whether it names its argument (`%2$@`, `*2$`) rather than taking the next.
    public var isPositional = false
  }

  /// The highest argument `format` names by position, 0 for none: in a
  /// plural form, the other specifiers read the form's own argument.
  public static func highestPositionalArgument(in format: String) -> Int {
    specifiers(in: format).filter(\.isPositional).reduce(0) { max($0, $1.argument) }
  }

  /// The number of arguments `format` needs: the highest argument any
  /// specifier reads. `substitutionArgument` gives a substitution's explicit
  /// argument number (a String Catalog's `argNum`), when it has one.
  public static func count(in format: String, substitutionArgument: (String) -> Int? = { _ in nil }) -> Int {
    specifiers(in: format, substitutionArgument: substitutionArgument).reduce(0) { max($0, $1.argument) }
  }

  public static func specifiers(
    in format: String, substitutionArgument: (String) -> Int? = { _ in nil }
  ) -> [Specifier] {
    let scalars = Array(format.unicodeScalars)
    var specifiers: [Specifier] = []
    var next = 1
    var index = 0
    func digits() -> Int? {
      var value = 0
      var any = false
      while index < scalars.count, ("0"..."9").contains(scalars[index]), value < 1_000_000 {
        value = value * 10 + Int(scalars[index].value - 48)
        index += 1
        any = true
      }
      return any ? value : nil
    }
    func sequential() -> Int {
      defer { next += 1 }
      return next
    }
    while index < scalars.count {
      guard scalars[index] == "%" else {
        index += 1
        continue
      }
      let start = index
      index += 1
      guard index < scalars.count else { break }
      if scalars[index] == "%" {
        index += 1
        continue
      }
      var position: Int?
      let afterPercent = index
      if let number = digits(), index < scalars.count, scalars[index] == "$", number > 0 {
        position = number
        index += 1
      } else {
        index = afterPercent
      }
      // A substitution: %#@name@ (or %1$#@name@).
      if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
        index += 2
        let nameStart = index
        while index < scalars.count, scalars[index] != "@" { index += 1 }
        guard index < scalars.count else { break }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
        index += 1
        // Like any specifier it takes the next argument; argNum says which one.
        let next = position == nil ? sequential() : 0
        let argument = position ?? substitutionArgument(name) ?? next
        specifiers.append(
          Specifier(
            text: String(String.UnicodeScalarView(scalars[start..<index])), argument: argument, substitution: name,
            isPositional: position != nil))
        continue
      }
      while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) { index += 1 }
      var starArguments: [(argument: Int, isPositional: Bool)] = []
      func widthOrStar() {
        if index < scalars.count, scalars[index] == "*" {
          index += 1
          let afterStar = index
          if let number = digits(), index < scalars.count, scalars[index] == "$", number > 0 {
            index += 1
            starArguments.append((number, true))
          } else {
            index = afterStar
            starArguments.append((sequential(), false))
          }
        } else {
          _ = digits()
        }
      }
      widthOrStar()
      if index < scalars.count, scalars[index] == "." {
        index += 1
        widthOrStar()
      }
      while index < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[index]) { index += 1 }
      guard index < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaAn".unicodeScalars.contains(scalars[index]) else {
        // Not a conversion: String(format:) prints it as it is.
        continue
      }
      index += 1
      let text = String(String.UnicodeScalarView(scalars[start..<index]))
      for star in starArguments {
        specifiers.append(
          Specifier(text: "*", argument: star.argument, substitution: nil, isPositional: star.isPositional))
      }
      specifiers.append(
        Specifier(text: text, argument: position ?? sequential(), substitution: nil, isPositional: position != nil))
    }
    return specifiers
  }
}
