/// Detected by the encoding check every reader runs first (`Reading/Encoding.swift`).
enum InvalidEncodingRule: ReaderRule {}
