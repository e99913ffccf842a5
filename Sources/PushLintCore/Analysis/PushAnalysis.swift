/// One APNs header as pushlint found it.
public struct HeaderField: Sendable {
  /// Lowercased: header names are case-insensitive.
  public var name: String
  public var value: Node?
  /// The value as text: strings as they are, numbers by their literal.
  public var text: String?
  /// Where to report about the header: its key, or the payload for configured defaults.
  public var keySpan: SourceSpan
  public var valueSpan: SourceSpan
  public var pointer: String
}

public enum HeaderSource: String, Sendable {
  /// A bare payload with no configured headers: no header diagnostics.
  case none
  case envelope
  case fcm
  /// `headers:` in the configuration, matched by glob.
  case configured
}

/// What a payload-carrying document amounts to once sent: the payload, its
/// headers and its push type, as the analysis works it out. Not copyable, so
/// it is moved into its `PushInfo`: a copyable struct would be copied whole
/// (seven nodes) there and the original destroyed, once per document.
public struct PushFacts: ~Copyable, Sendable {
  /// The APNs payload (the root of a payload file, an envelope's `payload`,
  /// an FCM message's `apns.payload`).
  public var payload: Node?
  /// `aps`, when it is an object.
  public var aps: Node?
  public var headers: [String: HeaderField] = [:]
  public var headerSource: HeaderSource = .none
  /// The object holding the headers, when they are in the document.
  public var headersNode: Node?
  /// `apns-push-type` when given and valid.
  public var declaredPushType: String?
  /// The declared push type, else the one inferred from the payload.
  public var pushType: String
  public var fcmMessage: Node?
  /// An FCM message's `notification`, which FCM merges into `aps.alert`.
  public var fcmNotification: Node?
  /// Where whole-payload findings are reported.
  public var anchor: Node
  /// The payload as it will be sent, for the documents whose payload is
  /// rewritten on the way (`.apns` routing key dropped, FCM's notification
  /// merged); nil when it is sent as written.
  var rewrittenPayload: Node?
  /// The payload's compact UTF-8 size as sent: computed once, since both
  /// size rules need it.
  public var sentSize: Int?
  /// The size limit for the push type under the configured targets, worked
  /// out once: three rules compare against it.
  public var payloadLimit = 4096

  @inline(__always)
  init(payload: Node?, pushType: String, anchor: Node) {
    self.payload = payload
    self.pushType = pushType
    self.anchor = anchor
  }

  public var topic: String? { headers["apns-topic"]?.text }

  /// The payload as it will be sent.
  public var sentPayload: Node? { rewrittenPayload ?? payload }

  /// Whether the payload shows the user something: an alert, a sound or a badge
  /// (an FCM `notification` with a title or body counts as the alert it becomes).
  public internal(set) var isUserVisible = false
  /// `"content-available": 1`.
  public internal(set) var contentAvailable = false
  /// Whether the alert shows text once FCM has merged its `notification`:
  /// a non-empty alert string, or an alert dictionary with a title, subtitle,
  /// body or one of their localization keys.
  public internal(set) var showsAlert = false
  /// Whether `aps` has a key only Live Activity updates carry.
  var hasLiveActivityKey = false
  /// Whether `aps` has `content-changed`, which only widgets and controls
  /// pushes carry.
  var hasContentChanged = false
  /// A broadcast Live Activity push (iOS 18): sent to a channel, named by
  /// `apns-channel-id`, rather than to a device.
  public internal(set) var isBroadcast = false
}

/// The push view every rule reads. A class of constants: passed to each rule
/// without copying, and read without exclusivity checks.
public final class PushInfo: Sendable {
  public let facts: PushFacts

  /// The facts start from `payload` and `anchor` and `build` completes them
  /// in place.
  init(payload: Node?, anchor: Node, _ build: (inout PushFacts) -> Void) {
    var facts = PushFacts(payload: payload, pushType: "alert", anchor: anchor)
    build(&facts)
    self.facts = facts
  }

  public var payload: Node? { facts.payload }
  public var aps: Node? { facts.aps }
  public var headers: [String: HeaderField] { facts.headers }
  public var headerSource: HeaderSource { facts.headerSource }
  public var headersNode: Node? { facts.headersNode }
  public var declaredPushType: String? { facts.declaredPushType }
  public var pushType: String { facts.pushType }
  public var fcmMessage: Node? { facts.fcmMessage }
  public var fcmNotification: Node? { facts.fcmNotification }
  public var anchor: Node { facts.anchor }
  public var sentPayload: Node? { facts.sentPayload }
  public var sentSize: Int? { facts.sentSize }
  public var payloadLimit: Int { facts.payloadLimit }
  public var topic: String? { facts.topic }
  public var isBroadcast: Bool { facts.isBroadcast }
  public var isUserVisible: Bool { facts.isUserVisible }
  public var contentAvailable: Bool { facts.contentAvailable }
  public var showsAlert: Bool { facts.showsAlert }
}

enum PushAnalysis {
  /// The push view of a document, for the kinds that carry a payload.
  static func analyze(
    _ document: Document, schema: PushSchema, configuredHeaders: [(name: String, value: String)],
    isAPNSFile: Bool? = nil, payloadLimits: PayloadLimits? = nil
  ) -> PushInfo? {
    guard let root = document.root, root.isObject else { return nil }
    // The linter works both out once per file; alone, a document has no targets.
    let isAPNSFile = isAPNSFile ?? (fileExtension(document.path) == "apns")
    let limits = payloadLimits ?? schema.payloadLimits(under: [:])
    // Taken out of the document so the closures below do not copy all of it.
    let rootSize = document.readerFacts.compactSize
    switch document.kind {
    case .payload:
      return PushInfo(payload: root, anchor: root) { info in
        if let aps = root["aps"], aps.isObject { info.aps = aps }
        if !configuredHeaders.isEmpty {
          info.headerSource = .configured
          let at = root.openingSpan
          for (name, value) in configuredHeaders {
            info.headers[name] = HeaderField(
              name: name, value: nil, text: value, keySpan: at, valueSpan: at, pointer: "")
          }
        }
        finish(&info, schema: schema, limits: limits, isAPNSFile: isAPNSFile, rootSize: rootSize)
      }
    case .envelope:
      guard let payload = root["payload"], payload.isObject else { return nil }
      return PushInfo(payload: payload, anchor: payload) { info in
        info.aps = payload["aps"].flatMap { $0.isObject ? $0 : nil }
        info.headerSource = .envelope
        collectHeaders(of: root, into: &info)
        finish(&info, schema: schema, limits: limits, isAPNSFile: isAPNSFile)
      }
    case .fcmMessage:
      guard let message = root["message"], message.isObject else { return nil }
      let apns = message["apns"].flatMap { $0.isObject ? $0 : nil }
      let payload = apns?["payload"].flatMap { $0.isObject ? $0 : nil }
      return PushInfo(payload: payload, anchor: payload ?? apns ?? message) { info in
        info.fcmMessage = message
        info.fcmNotification = message["notification"].flatMap { $0.isObject ? $0 : nil }
        info.aps = payload?["aps"].flatMap { $0.isObject ? $0 : nil }
        if let apns {
          info.headerSource = .fcm
          collectHeaders(of: apns, into: &info)
        }
        finish(&info, schema: schema, limits: limits, isAPNSFile: isAPNSFile)
      }
    default:
      return nil
    }
  }

  /// The `headers` object of an envelope or an FCM `apns` block, when it is one.
  static func collectHeaders(of container: Node, into info: inout PushFacts) {
    guard let headers = container["headers"], headers.isObject else { return }
    info.headersNode = headers
    for member in headers.members ?? [] {
      let text: String?
      switch member.value.value {
      case .string(let string): text = string
      case .number(let number): text = number.literal
      default: text = nil
      }
      info.headers[member.key.lowercased()] = HeaderField(
        name: member.key.lowercased(), value: member.value, text: text, keySpan: member.keySpan,
        valueSpan: member.value.span, pointer: member.value.pointer)
    }
  }

  /// `rootSize` is the reader's count for a bare payload's root, which is
  /// what is sent unless an `.apns` file's routing key is dropped.
  static func finish(
    _ info: inout PushFacts, schema: PushSchema, limits: PayloadLimits, isAPNSFile: Bool,
    rootSize: Int? = nil
  ) {
    summarizeAPS(&info, schema: schema)
    info.rewrittenPayload = rewrittenPayload(
      info.payload, fcmNotification: info.fcmNotification, isAPNSFile: isAPNSFile)
    if let rootSize, info.rewrittenPayload == nil {
      info.sentSize = rootSize
    } else {
      info.sentSize = info.sentPayload.map(CompactJSON.size(of:))
    }
    info.isBroadcast = !info.headers.isEmpty && info.headers["apns-channel-id"] != nil
    setPushType(&info, schema: schema)
    info.payloadLimit = limits.limit(for: info.isBroadcast ? "broadcast" : info.pushType)
  }

  /// Whether `payload` holds `mdm` and nothing else (asked a member at a
  /// time: a large root kept as its bytes stays unbuilt).
  static func isMDMAlone(_ payload: Node) -> Bool {
    var count = 0
    var isMDM = false
    payload.forEachMember { member in
      count += 1
      isMDM = member.key == "mdm"
    }
    return count == 1 && isMDM
  }

  /// The declared push type when valid; otherwise inferred from the
  /// payload: Live Activity keys (push-to-start and channel keys included),
  /// an `apns-channel-id` header or an FCM Live Activity token →
  /// liveactivity; `content-changed` → widgets (controls send the same
  /// key); a payload of nothing but `mdm` → mdm; `content-available` alone
  /// → background; otherwise alert.
  static func setPushType(_ info: inout PushFacts, schema: PushSchema) {
    if let declared = info.headers["apns-push-type"]?.text, schema.pushTypes[declared] != nil {
      info.declaredPushType = declared
      info.pushType = declared
    } else if info.hasLiveActivityKey || info.isBroadcast
      || info.fcmMessage?["apns"].map({ $0.hasMember("live_activity_token") || $0.hasMember("liveActivityToken") })
        == true
    {
      info.pushType = "liveactivity"
    } else if info.hasContentChanged {
      info.pushType = "widgets"
    } else if info.aps == nil, let payload = info.payload, isMDMAlone(payload) {
      info.pushType = "mdm"
    } else if info.contentAvailable && !info.isUserVisible {
      info.pushType = "background"
    } else {
      info.pushType = "alert"
    }
  }

  /// What several rules and the push type ask of `aps`, in one pass over
  /// its members: asked key by key, each rule would repeat the same lookups.
  /// A repeated key counts by its last member, as `Node.member(_:)` has it.
  static func summarizeAPS(_ info: inout PushFacts, schema: PushSchema) {
    // Of the alert and `content-available`, only what they say is kept, not
    // a copy of their nodes.
    var hasAlert = false
    var alertShows = false
    var contentAvailable = false
    var hasSoundOrBadge = false
    var hasLiveActivityKey = false
    var hasContentChanged = false
    // A member at a time, in place: an `aps` kept as its bytes stays
    // unbuilt, and the members of one built are not copied to be read.
    info.aps?.forEachMemberInPlace { member in
      let key = member.pointee.key
      if key.isSameKey(as: "alert") {
        hasAlert = true
        alertShows = alertShowsSomething(member.pointee.value)
      } else if key.isSameKey(as: "content-available") {
        contentAvailable = member.pointee.value.numberValue?.doubleValue == 1
      } else if key.isSameKey(as: "sound") || key.isSameKey(as: "badge") {
        hasSoundOrBadge = true
      } else if !hasLiveActivityKey, schema.isLiveActivityKey(key, schemaKey: member.pointee.schemaKey) {
        hasLiveActivityKey = true
      } else if key.isSameKey(as: "content-changed") {
        hasContentChanged = true
      }
    }
    let notification = info.fcmNotification
    let notificationTitle = notification?["title"]
    let notificationBody = notification?["body"]
    info.hasLiveActivityKey = hasLiveActivityKey
    info.hasContentChanged = hasContentChanged
    info.contentAvailable = contentAvailable
    info.isUserVisible = notificationTitle != nil || notificationBody != nil || hasAlert || hasSoundOrBadge
    info.showsAlert = notificationTitle?.hasText == true || notificationBody?.hasText == true || alertShows
  }

  /// The payload as it will be sent: `.apns` routing keys dropped, and an FCM
  /// message's `notification` merged into `aps.alert` as FCM does; nil for
  /// every other document, whose payload is sent as written.
  static func rewrittenPayload(_ payload: Node?, fcmNotification: Node?, isAPNSFile: Bool) -> Node? {
    guard isAPNSFile || fcmNotification != nil,
      var payload = payload ?? (fcmNotification != nil ? Node(value: .object([]), span: .fileStart, pointer: "") : nil)
    else { return nil }
    if isAPNSFile, var members = payload.members {
      members.removeAll { $0.key == "Simulator Target Bundle" }
      payload.value = .object(members)
    }
    guard let notification = fcmNotification?.members else { return payload }
    var members = payload.members ?? []
    var aps = members.last { $0.key == "aps" }?.value.members ?? []
    var alert = aps.last { $0.key == "alert" }?.value.members ?? []
    if case .string = aps.last(where: { $0.key == "alert" })?.value.value { return payload }
    for field in notification
    where ["title", "body"].contains(field.key) && !alert.contains(where: { $0.key == field.key }) {
      alert.append(field)
    }
    aps.removeAll { $0.key == "alert" }
    aps.append(
      Member(
        key: "alert", keySpan: .fileStart, value: Node(value: .object(alert), span: .fileStart, pointer: "/aps/alert")))
    members.removeAll { $0.key == "aps" }
    members.append(
      Member(key: "aps", keySpan: .fileStart, value: Node(value: .object(aps), span: .fileStart, pointer: "/aps")))
    payload.value = .object(members)
    return payload
  }
}

/// The compact JSON a server sends: no insignificant white space, strings
/// with JSON's escapes and raw UTF-8 otherwise.
enum CompactJSON {
  static func size(of node: Node) -> Int {
    switch node.value {
    case .null: return 4
    case .bool(let value): return value ? 4 : 5
    case .number(let number): return number.literal.utf8.count
    case .string(let string): return stringSize(string)
    case .placeholder(let text): return text.utf8.count
    case .array(let elements):
      var total = 2 + max(0, elements.count - 1)
      for index in elements.indices { total += size(of: elements[index]) }
      return total
    case .object(let members):
      var total = 2 + max(0, members.count - 1)
      for index in members.indices { total += stringSize(members[index].key) + 1 + size(of: members[index].value) }
      return total
    }
  }

  static func stringSize(_ string: String) -> Int {
    var string = string
    return string.withUTF8 { bytes in
      var size = 2 + bytes.count
      for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x0C, 0x0A, 0x0D, 0x09: size += 1
        default: size += 5
        }
      }
      return size
    }
  }

  /// The largest string values, for the message of `payload-too-large`:
  /// largest first, and by pointer among strings of one size. Only the
  /// `count` largest so far are kept, whatever the document holds.
  static func largestStrings(in node: Node, count: Int) -> [(pointer: String, bytes: Int)] {
    var largest: [(pointer: String, bytes: Int)] = []
    func comesFirst(_ lhs: (pointer: String, bytes: Int), _ rhs: (pointer: String, bytes: Int)) -> Bool {
      lhs.bytes != rhs.bytes ? lhs.bytes > rhs.bytes : lhs.pointer < rhs.pointer
    }
    func consider(_ bytes: Int, _ pointer: () -> String) {
      // A string of a few bytes is no place to save room: it is not named.
      guard bytes >= 8, count > 0 else { return }
      if largest.count == count, let last = largest.last, last.bytes > bytes { return }
      let candidate = (pointer: pointer(), bytes: bytes)
      if largest.count == count {
        guard comesFirst(candidate, largest[count - 1]) else { return }
        largest.removeLast()
      }
      largest.insert(candidate, at: largest.firstIndex { comesFirst(candidate, $0) } ?? largest.count)
    }
    func visit(_ node: Node) {
      // App data kept as its bytes is scanned, not built.
      if node.forEachDeferredString(consider) { return }
      if node.isContainer {
        // A child at a time: a large root kept as its bytes stays unbuilt.
        node.forEachChild(visit)
      } else if let string = node.stringValue {
        consider(stringSize(string) - 2) { node.pointer }
      }
    }
    visit(node)
    return largest
  }
}
