/// At most five names, then how many more.
func shortList(_ names: [String]) -> String {
  guard names.count > 5 else { return names.joined(separator: ", ") }
  return names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more"
}
