import Testing

@testable import PushLintCore

@Suite struct AssignedCategoriesTests {
  func literals(_ text: String) -> [String] { AssignedCategories.literals(in: Array(text.utf8)) }

  @Test func swiftAndObjectiveCAssignmentsOfLiteralsAreRead() {
    let swift = """
      content.categoryIdentifier = "CHAT"
      bestAttemptContent?.categoryIdentifier="INVITE"
      if content.categoryIdentifier == "NOT_AN_ASSIGNMENT" { }
      content.categoryIdentifier = Categories.media
      // content.categoryIdentifier = "COMMENTED_OUT"
      let url = "https://example.com"; content.categoryIdentifier = "AFTER_A_STRING_WITH_SLASHES"
      content.categoryIdentifier = "WITH\\"ESCAPE"
      content.categoryIdentifier = ""
      content.categoryIdentifier = "CHAT"
      """
    #expect(literals(swift) == ["CHAT", "INVITE", "AFTER_A_STRING_WITH_SLASHES"])
    let objectiveC = """
      self.bestAttemptContent.categoryIdentifier = @"EXPONEA_ACTIONABLE";
      [content setCategoryIdentifier:@"REMINDER"];
      [content setCategoryIdentifier: kCategory];
      //    self.bestAttemptContent.categoryIdentifier = @"category1";
      NSString *mycategoryIdentifier = @"NOT_THE_PROPERTY";
      """
    #expect(literals(objectiveC) == ["EXPONEA_ACTIONABLE", "REMINDER"])
  }

  @Test func aLiteralThatDoesNotEndOnItsLineIsNone() {
    #expect(literals("content.categoryIdentifier = \"OPEN\n\"") == [])
    #expect(literals("content.categoryIdentifier = \"" + String(repeating: "A", count: 300) + "\"") == [])
    #expect(literals("content.categoryIdentifier =") == [])
  }
}
