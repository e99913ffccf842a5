/// Calls `body` with each category of a categories document (each entry
/// of `categories` that is an object), in order. A large `categories` the
/// reader kept as its bytes is built a category at a time: a file of a
/// million categories costs no tree of them all.
func forEachCategory(of document: Document, _ body: (Node) -> Void) {
  guard document.kind == .categories else { return }
  document.root?["categories"]?.forEachElement { category in
    if category.isObject { body(category) }
  }
}
