import Dispatch

/// The tables every lint needs, built on another core while the command
/// line is still being parsed. Building the schema from rules/schema.yaml
/// takes about as long as parsing the arguments, and nothing else waits on
/// it: a lint that reaches `PushSchema.standard` first waits for the one
/// build already under way (a `static let` is built once), so the result
/// is the same with or without the head start.
public enum Preparation {
  public static func startInBackground() {
    DispatchQueue.global(qos: .userInitiated).async { _ = PushSchema.standard }
  }
}
