// Payloads a second that `PayloadValidator` checks on one core, as a server
// that links the library would use it: each line of a JSON Lines file is one
// payload, validated on its own. scripts/bench runs it beside orjson and
// fastjsonschema doing what a JSON Schema can of the same checks.
//
//     payload-validator-bench [ROUNDS] < PAYLOADS.jsonl
import PushLintCore

guard case .success(let read) = System.readAll(System.standardInput, limit: 1 << 30), let bytes = read else {
  print("usage: payload-validator-bench [ROUNDS] < PAYLOADS.jsonl")
  System.exit(2)
}
let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1 : 1
let payloads = bytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
let validator = PayloadValidator(targets: [.ios: OSVersion("16.0")!])
var sendable = 0
let clock = ContinuousClock()
let elapsed = clock.measure {
  for _ in 0..<rounds {
    for payload in payloads where validator.validate(payload: payload).isSendable { sendable += 1 }
  }
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let count = payloads.count * rounds
let averageBytes = payloads.isEmpty ? 0 : payloads.reduce(0) { $0 + $1.count } / payloads.count
print(
  "\(count) payloads of \(averageBytes) bytes on average in \(decimal(seconds)) s: "
    + "\(Int(Double(count) / seconds)) a second; \(sendable) sendable")

/// Seconds to the millisecond.
func decimal(_ seconds: Double) -> String {
  let milliseconds = Int((seconds * 1000).rounded())
  let fraction = String(milliseconds % 1000)
  return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
