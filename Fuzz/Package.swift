// swift-tools-version:6.1
import Foundation
import PackageDescription

/// The package whose `ProactiveMarkup` library product is fuzzed: the repository root by default.
/// `PROACTIVE_PACKAGE_PATH` may name another package that declares the same product (a development
/// package that symlinks the sources). SwiftPM names a path dependency after its folder.
let markupPackagePath = Context.environment["PROACTIVE_PACKAGE_PATH"] ?? ".."
let markupPackageIdentity = URL(
    fileURLWithPath: markupPackagePath, relativeTo: URL(fileURLWithPath: Context.packageDirectory)
).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "MarkupFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: markupPackagePath)],
    targets: [
        // libFuzzer's driver, declared for Swift; the runtime comes with `-sanitize=fuzzer`.
        .target(name: "CFuzzerDriver"),
        // The fuzz target: build with `-Xswiftc -sanitize=fuzzer,address` (scripts/fuzz-markup.sh).
        .executableTarget(
            name: "MarkupFuzzer",
            dependencies: [
                "CFuzzerDriver", .product(name: "ProactiveMarkup", package: markupPackageIdentity),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]),
    ]
)
