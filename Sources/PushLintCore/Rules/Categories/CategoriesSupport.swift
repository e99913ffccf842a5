/// Every category and action of a categories document, with its position.
func categories(of document: Document) -> [Node] {
  guard document.kind == .categories else { return [] }
  return document.root?["categories"]?.elements?.filter(\.isObject) ?? []
}
