/// Detected by the YAML reader's scalar resolution (`Reading/YAMLScalarResolution.swift`).
enum YAMLAmbiguousValueRule: ReaderRule {}
