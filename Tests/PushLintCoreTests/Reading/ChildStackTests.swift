import Testing

@testable import PushLintCore

@Suite struct ChildStackTests {
  /// A reference-counted element, so a child moved twice or left behind
  /// shows as a wrong value or a leak under the sanitizers.
  final class Child: Equatable {
    let number: Int
    init(_ number: Int) { self.number = number }
    static func == (left: Child, right: Child) -> Bool { left.number == right.number }
  }

  /// Opens and closes containers at random, some of thousands of children,
  /// and compares every closed container with a plain array's suffix.
  @Test func closedContainersHoldTheirOwnChildrenInOrder() {
    var random = SplitMix(seed: 29)
    withUnsafeTemporaryAllocation(of: Child.self, capacity: 8) { lent in
      var stack = ChildStack(storage: lent)
      var model: [Child] = []
      var open: [Int] = []
      var next = 0
      var largeClosed = 0
      for _ in 0..<4_000 {
        switch random.next() % 10 {
        case 0, 1:
          open.append(stack.count)
        case 2 where !open.isEmpty:
          let start = open.removeLast()
          let closed = stack.popArray(from: start)
          #expect(closed == Array(model[start...]))
          model.removeLast(model.count - start)
          if closed.count >= 1024 { largeClosed += 1 }
        default:
          // Now and then a container of thousands of children.
          let children = random.next() % 50 == 0 ? 1_000 + Int(random.next() % 4_000) : 1
          for _ in 0..<children {
            stack.push(Child(next))
            model.append(Child(next))
            next += 1
          }
        }
        #expect(stack.count == model.count)
      }
      let rest = stack.popArray(from: 0)
      #expect(rest == model)
      #expect(stack.count == 0)
      #expect(largeClosed > 0)
    }
  }

  /// A large container whose children fill the heap array gets that array,
  /// room and all: a copy would be sized to the children (and, until the
  /// scratch array is freed, hold them twice). 5,000 children grow it by
  /// doubling to room for about 8,000.
  @Test func aLargeContainerIsHandedTheArrayItsChildrenWereIn() {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { lent in
      var stack = ChildStack(storage: lent)
      stack.push(-1)
      stack.push(-2)
      for number in 0..<5_000 { stack.push(number) }
      let closed = stack.popArray(from: 2)
      #expect(closed == Array(0..<5_000))
      #expect(closed.capacity >= 8_000)
      #expect(stack.count == 2)
      #expect(stack.popArray(from: 0) == [-1, -2])

      // A small one is copied into room of its own size.
      for number in 0..<100 { stack.push(number) }
      stack.push(7)
      let small = stack.popArray(from: 100)
      #expect(small == [7])
      #expect(stack.popArray(from: 0) == Array(0..<100))
    }
  }

  /// Storage of no room lent (a pointer, but no element) is not the
  /// stack's to free: the children go to the heap from the first.
  @Test func aStackLentNoRoomKeepsItsChildrenOnTheHeap() {
    let unused = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { unused.deallocate() }
    do {
      var stack = ChildStack(storage: UnsafeMutableBufferPointer(start: unused, count: 0))
      for number in 0..<3 { stack.push(number) }
      #expect(stack.popArray(from: 1) == [1, 2])
      #expect(stack.popArray(from: 0) == [0])
    }
  }

  /// The members of a JSON document's root object of thousands: the
  /// reader's use of the stack, end to end.
  @Test func aWideRootObjectReadsWhole() throws {
    let text = "{" + (0..<3_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
    let root = try #require(JSONReader.read(Array(text.utf8)).root)
    let members = try #require(root.members)
    #expect(members.count == 3_000)
    #expect(members.map(\.key) == (0..<3_000).map { "k\($0)" })
    #expect(members[2_999].value.numberValue?.intValue == 2_999)
    #expect(members[2_999].value.pointer == "/k2999")
  }
}

/// A small seeded generator, so a failure repeats.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
