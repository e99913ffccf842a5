/// `--diff`: what `--fix` would change in a file, as a unified diff (the
/// format `diff -u`, `git apply` and `patch` read), three lines of context.
public enum UnifiedDiff {
  public static func render(path: String, old: [UInt8], new: [UInt8]) -> String {
    let before = lines(old)
    let after = lines(new)
    let operations = diff(before, after)
    guard operations.contains(where: { $0 != .same }) else { return "" }
    var output = "--- a/\(path)\n+++ b/\(path)\n"
    // Hunks: runs of changes with up to three lines of context each side,
    // runs closer than seven lines joined.
    var index = 0
    var oldLine = 0
    var newLine = 0
    let context = 3
    while index < operations.count {
      guard operations[index] != .same else {
        index += 1
        oldLine += 1
        newLine += 1
        continue
      }
      var start = index
      var lead = 0
      while start > 0 && lead < context && operations[start - 1] == .same {
        start -= 1
        lead += 1
      }
      var end = index
      var trailing = 0
      while end < operations.count {
        if operations[end] == .same {
          trailing += 1
          if trailing > 2 * context { break }
        } else {
          trailing = 0
        }
        end += 1
      }
      end -= max(0, trailing - context)
      var hunk = ""
      var (oldCount, newCount) = (0, 0)
      var (oldCursor, newCursor) = (oldLine - lead, newLine - lead)
      for operation in operations[start..<end] {
        switch operation {
        case .same:
          hunk += " " + before[oldCursor]
          oldCursor += 1
          newCursor += 1
          oldCount += 1
          newCount += 1
        case .removed:
          hunk += "-" + before[oldCursor]
          oldCursor += 1
          oldCount += 1
        case .added:
          hunk += "+" + after[newCursor]
          newCursor += 1
          newCount += 1
        }
      }
      let oldStart = oldCount == 0 ? oldLine - lead : oldLine - lead + 1
      let newStart = newCount == 0 ? newLine - lead : newLine - lead + 1
      output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + hunk
      (oldLine, newLine) = (oldCursor, newCursor)
      index = end
    }
    return output
  }

  enum Operation: Equatable {
    case same, removed, added
  }

  /// The file's lines, each with its line break; a last line without one
  /// is marked as `diff` marks it.
  static func lines(_ bytes: [UInt8]) -> [String] {
    var lines: [String] = []
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(String(decoding: bytes[start...offset], as: UTF8.self))
      start = offset + 1
    }
    if start < bytes.count {
      lines.append(String(decoding: bytes[start...], as: UTF8.self) + "\n\\ No newline at end of file\n")
    }
    return lines
  }

  /// The operations that turn `old` into `new`: common lines at both ends
  /// kept, the middle matched by its longest common subsequence, or, when
  /// the middle is too large for that, replaced whole.
  static func diff(_ old: [String], _ new: [String]) -> [Operation] {
    var prefix = 0
    while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix && suffix < new.count - prefix
      && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    var middle: [Operation]
    if oldMiddle.count * newMiddle.count <= 4_000_000 {
      middle = longestCommonSubsequence(oldMiddle, newMiddle)
    } else {
      middle = Array(repeating: .removed, count: oldMiddle.count) + Array(repeating: .added, count: newMiddle.count)
    }
    return Array(repeating: .same, count: prefix) + middle + Array(repeating: .same, count: suffix)
  }

  static func longestCommonSubsequence(_ old: [String], _ new: [String]) -> [Operation] {
    let columns = new.count + 1
    var lengths = [Int32](repeating: 0, count: (old.count + 1) * columns)
    for row in stride(from: old.count - 1, through: 0, by: -1) {
      for column in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[row * columns + column] =
          old[row] == new[column]
          ? lengths[(row + 1) * columns + column + 1] + 1
          : max(lengths[(row + 1) * columns + column], lengths[row * columns + column + 1])
      }
    }
    var operations: [Operation] = []
    var (row, column) = (0, 0)
    while row < old.count || column < new.count {
      if row < old.count && column < new.count && old[row] == new[column] {
        operations.append(.same)
        row += 1
        column += 1
      } else if row < old.count
        && (column == new.count || lengths[(row + 1) * columns + column] >= lengths[row * columns + column + 1])
      {
        operations.append(.removed)
        row += 1
      } else {
        operations.append(.added)
        column += 1
      }
    }
    return operations
  }
}
