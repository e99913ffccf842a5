import Testing

// The C library for the tests (files, modes, links, FIFOs, processes), on
// Linux and macOS alike: the other test files use it through this import.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
#endif

/// `write(2)` of all of `bytes`, under a name no test type's own `write` hides.
@discardableResult
func writeBytes(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
  var written = 0
  while written < bytes.count {
    #if canImport(Glibc)
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
    #else
      let count = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress! + written, $0.count - written) }
    #endif
    if count <= 0 { return false }
    written += count
  }
  return true
}

extension Tag {
  /// Tests that take more than a few seconds; run with PUSHLINT_SLOW_TESTS=1.
  @Tag static var slow: Self
}
