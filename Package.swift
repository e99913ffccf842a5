// swift-tools-version:6.0
import PackageDescription

// scripts/sanitize sets PUSHLINT_SANITIZER (address or thread) to build this
// package's own targets instrumented in the normal build folder. The
// dependencies keep the objects the debug build made: swift-syntax is not
// compiled again, instrumented, for each sanitizer, and what the sanitizers
// watch (pushlint's readers, scratch buffers and threads) is all in the
// package's own targets. SwiftPM's `--sanitize` would instrument every
// target, dependencies included, in a build folder of its own.
let sanitizer = Context.environment["PUSHLINT_SANITIZER"].flatMap { ["address", "thread"].contains($0) ? $0 : nil }
let sanitizedSwift: [SwiftSetting] = sanitizer.map { [.unsafeFlags(["-sanitize=\($0)"])] } ?? []
let sanitizedC: [CSetting] = sanitizer.map { [.unsafeFlags(["-fsanitize=\($0)"])] } ?? []
let sanitizedLink: [LinkerSetting] = sanitizer.map { [.unsafeFlags(["-sanitize=\($0)"])] } ?? []

let package = Package(
  name: "pushlint",
  // macOS 13 is the first with the standard library's Regex, which the YAML
  // reader and templates use; swift-syntax needs 10.15. Linux has no minimum.
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "pushlint", targets: ["pushlint"]),
    .library(name: "PushLintCore", targets: ["PushLintCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
    // The parser SwiftLint and swift-format use; only its parser is linked.
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The byte scans under the JSON reader, in C for SSE2.
    .target(name: "CByteScan", cSettings: sanitizedC),
    // Turns rules/ into Swift source so the binary carries the catalog with it.
    // libyaml turns the catalog's YAML into JSON, which starts faster.
    .executableTarget(name: "RuleCatalogEmbedder", dependencies: ["CYAML"]),
    .plugin(
      name: "EmbedRuleCatalog",
      capability: .buildTool(),
      dependencies: ["RuleCatalogEmbedder"]
    ),
    .target(
      name: "PushLintCore",
      dependencies: ["CYAML", "CByteScan"],
      swiftSettings: sanitizedSwift,
      plugins: ["EmbedRuleCatalog"]
    ),
    // Reads notification registrations from Swift source into the core's
    // language-neutral code model; kept apart so the core builds without swift-syntax.
    .target(
      name: "PushLintSwiftSource",
      dependencies: [
        "PushLintCore",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      swiftSettings: sanitizedSwift
    ),
    .executableTarget(
      name: "pushlint",
      dependencies: [
        "PushLintCore",
        "PushLintSwiftSource",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: sanitizedSwift,
      linkerSettings: sanitizedLink
    ),
    // scripts/bench: PayloadValidator's payloads a second, in process.
    .executableTarget(
      name: "payload-validator-bench",
      dependencies: ["PushLintCore"],
      swiftSettings: sanitizedSwift,
      linkerSettings: sanitizedLink
    ),
    // Depends on the executable too, so the CLI tests can run the built binary.
    .testTarget(
      name: "PushLintCoreTests",
      dependencies: [
        "PushLintCore", "PushLintSwiftSource", "pushlint",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      swiftSettings: sanitizedSwift,
      linkerSettings: sanitizedLink
    ),
  ]
)
