// swift-tools-version:6.1
import Foundation
import PackageDescription

/// The package whose parsers are fuzzed: the repository root by default. `PROACTIVE_PACKAGE_PATH`
/// may name another package that declares the same products (a development package that
/// symlinks the sources). SwiftPM names a path dependency after its folder.
let proactivePackagePath = Context.environment["PROACTIVE_PACKAGE_PATH"] ?? ".."
let proactive = URL(
    fileURLWithPath: proactivePackagePath, relativeTo: URL(fileURLWithPath: Context.packageDirectory)
).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "ProactiveFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: proactivePackagePath),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // libFuzzer's driver, declared for Swift; the runtime comes with `-sanitize=fuzzer`.
        .target(name: "CFuzzerDriver"),
        // Every fuzz target, one per parser of outside input, chosen by FUZZ_TARGET at run time.
        // Build with `-Xswiftc -sanitize=fuzzer,address` (scripts/fuzz.sh).
        .executableTarget(
            name: "ProactiveFuzzer",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "Proactive", package: proactive),
                .product(name: "ProactiveModel", package: proactive),
                .product(name: "ProactiveMarkup", package: proactive),
                .product(name: "ProactiveStorage", package: proactive),
                .product(name: "ProactiveHandoff", package: proactive),
                .product(name: "ProactiveServer", package: proactive),
                .product(name: "ProactiveTesting", package: proactive),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]),
    ]
)
