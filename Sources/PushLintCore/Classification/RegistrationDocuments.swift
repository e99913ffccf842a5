/// Classification of source code: the categories an app registers in code
/// become a categories document of the same shape as a categories file,
/// every value at the expression that gives it, so the category and
/// cross-file rules read code and files alike.
enum RegistrationDocuments {
  static func document(for registrations: CodeRegistrations, format: SourceFormat) -> Document {
    let fileStart = SourceSpan.fileStart
    var categories: [Node] = []
    for (index, category) in registrations.categories.enumerated() {
      let pointer = "/categories/\(index)"
      var members: [Member] = [member("identifier", category.identifier, parent: pointer)]
      // Actions added under a condition make the count unknown: no rule counts them.
      if let actions = category.actions, !actions.contains(where: \.isConditional) {
        let elements = actions.enumerated().map { position, action in
          actionNode(action, pointer: "\(pointer)/actions/\(position)")
        }
        members.append(
          Member(
            key: "actions", keySpan: category.initializer,
            value: Node(value: .array(elements), span: category.initializer, pointer: pointer + "/actions")))
      }
      if !category.options.isEmpty {
        members.append(list("options", category.options, at: category.initializer, parent: pointer))
      }
      if let intents = category.intentIdentifiers {
        members.append(list("intentIdentifiers", intents, at: category.initializer, parent: pointer))
      }
      for (key, value) in [
        ("hiddenPreviewsBodyPlaceholder", category.hiddenPreviewsBodyPlaceholder),
        ("categorySummaryFormat", category.categorySummaryFormat),
      ] {
        if let value { members.append(member(key, value, parent: pointer)) }
      }
      categories.append(Node(value: .object(members), span: category.initializer, pointer: pointer))
    }
    let root = Node(
      value: .object([
        Member(
          key: "categories", keySpan: fileStart,
          value: Node(value: .array(categories), span: fileStart, pointer: "/categories"))
      ]), span: fileStart, pointer: "")
    var document = Document(path: registrations.path, format: format, kind: .categories, root: root)
    document.code = registrations
    return document
  }

  private static func actionNode(_ action: CodeAction, pointer: String) -> Node {
    var members = [member("identifier", action.identifier, parent: pointer)]
    if let title = action.title { members.append(member("title", title, parent: pointer)) }
    if !action.options.isEmpty {
      members.append(list("options", action.options, at: action.initializer, parent: pointer))
    }
    if let icon = action.icon {
      let iconPointer = Node.pointer(pointer, appending: "icon")
      members.append(
        Member(
          key: "icon", keySpan: icon.name.span,
          value: Node(
            value: .object([member(icon.kind, icon.name, parent: iconPointer)]), span: icon.name.span,
            pointer: iconPointer)))
    }
    if action.isTextInput {
      // Code gives a text input action its button title at run time, often localized.
      members.append(member("textInputButtonTitle", CodeString("", span: action.initializer), parent: pointer))
    }
    return Node(value: .object(members), span: action.initializer, pointer: pointer)
  }

  private static func member(_ key: String, _ value: CodeString, parent: String) -> Member {
    Member(
      key: key, keySpan: value.span,
      value: Node(value: .string(value.text), span: value.span, pointer: Node.pointer(parent, appending: key)))
  }

  private static func list(_ key: String, _ values: [CodeString], at span: SourceSpan, parent: String) -> Member {
    let pointer = Node.pointer(parent, appending: key)
    let elements = values.enumerated().map { index, value in
      Node(value: .string(value.text), span: value.span, pointer: "\(pointer)/\(index)")
    }
    return Member(
      key: key, keySpan: values.first?.span ?? span, value: Node(value: .array(elements), span: span, pointer: pointer))
  }
}
