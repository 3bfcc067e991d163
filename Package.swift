// swift-tools-version:6.1
import PackageDescription

/// One list of Swift settings applied to every target of the package.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Proactive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Proactive", targets: ["Proactive"]),
        .library(name: "ProactiveModel", targets: ["ProactiveModel"]),
        .library(name: "ProactiveMarkup", targets: ["ProactiveMarkup"]),
        .library(name: "ProactiveStorage", targets: ["ProactiveStorage"]),
        .library(name: "ProactiveSQLite", targets: ["ProactiveSQLite"]),
        .library(name: "ProactivePostgres", targets: ["ProactivePostgres"]),
        .library(name: "ProactiveServer", targets: ["ProactiveServer"]),
        .library(name: "ProactiveClient", targets: ["ProactiveClient"]),
        .library(name: "ProactiveHandoff", targets: ["ProactiveHandoff"]),
        .library(name: "ProactiveRelay", targets: ["ProactiveRelay"]),
        .library(name: "ProactiveTesting", targets: ["ProactiveTesting"]),
        .executable(name: "proactive", targets: ["proactive"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // The relay client's HTTP: cancellable long polls (FoundationNetworking's URLSession traps when
        // a cancel races a finished task).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // The typed client generated from openapi.yaml (scripts/generate-client.sh) runs on these.
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        // Documentation only: `swift package generate-documentation` (scripts/check-docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // MARK: Pure value types and text processing
        .target(name: "ProactiveModel", swiftSettings: swiftSettings),
        .target(name: "ProactiveText", resources: [.copy("Resources")], swiftSettings: swiftSettings),

        // MARK: Web markup (libxml2's HTML parser)
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "ProactiveMarkup", dependencies: ["CLibXML2"],
            swiftSettings: swiftSettings),

        // MARK: Places: phone numbers (libphonenumber) and geocoding
        .target(
            name: "CPhoneNumber",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [
                .linkedLibrary("phonenumber"), .linkedLibrary("protobuf"),
                .linkedLibrary("stdc++"),
            ]),
        .target(
            name: "ProactivePhoneNumbers", dependencies: ["CPhoneNumber"],
            swiftSettings: swiftSettings),
        .target(
            name: "ProactiveGeocoding", dependencies: ["ProactiveModel", "ProactiveText"],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings),

        // MARK: Scoring (pure)
        .target(name: "ProactiveRanking", dependencies: ["ProactiveModel"], swiftSettings: swiftSettings),

        // MARK: Storage: the protocol the engine owns, and its backends (SQL stays inside them)
        .target(name: "ProactiveStorage", dependencies: ["ProactiveText"], swiftSettings: swiftSettings),
        // Stored documents are compressed with zlib's raw deflate and a preset dictionary.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(
            name: "ProactiveSQLite",
            dependencies: [
                "CZlib", "ProactiveStorage", "ProactiveText", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "ProactivePostgres",
            dependencies: [
                "CLibPQ", "ProactiveStorage", "ProactiveText",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings),

        // MARK: The public library and the CLI
        .target(
            name: "Proactive",
            dependencies: [
                "ProactiveModel", "ProactiveText", "ProactiveStorage", "ProactiveRanking", "ProactiveMarkup",
                "ProactivePhoneNumbers", "ProactiveGeocoding",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings),
        // MARK: Test support for users' tests: an in-memory engine, a fixed clock, documents
        .target(
            name: "ProactiveTesting",
            dependencies: ["Proactive", "ProactiveModel", "ProactiveSQLite"],
            swiftSettings: swiftSettings),
        // MARK: Handoff between a user's devices: keys, sealing, the device agent, and the relay
        .target(
            name: "ProactiveHandoff",
            dependencies: [
                "Proactive", "ProactiveModel", "ProactiveStorage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "ProactiveRelay",
            dependencies: [
                "ProactiveHandoff", "ProactiveModel", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings),
        // MARK: The daemon: HTTP + WebSocket API and the inspector (Hummingbird 2)
        .target(
            name: "ProactiveServer",
            dependencies: [
                "Proactive", "ProactiveModel", "ProactiveStorage", "ProactiveHandoff",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings),
        // MARK: The daemon's typed client, generated from openapi.yaml (the CLI's and apps')
        .target(
            name: "ProactiveClient",
            dependencies: [
                "ProactiveModel",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "proactive",
            dependencies: [
                "Proactive", "ProactiveModel", "ProactiveStorage", "ProactiveSQLite", "ProactivePostgres",
                "ProactiveRanking", "ProactiveMarkup", "ProactiveGeocoding", "ProactiveServer",
                "ProactiveClient",
                "ProactiveRelay", "ProactiveHandoff",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),

        // MARK: Benchmarks: executables run in release mode (see docs/benchmarks.md)
        // What benchmarks share: the realistic corpus, percentiles, memory, the machine's description.
        .target(
            name: "BenchmarkSupport", dependencies: ["ProactiveTesting"], path: "Benchmarks/BenchmarkSupport",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                "BenchmarkSupport", "Proactive", "ProactiveStorage", "ProactiveSQLite", "ProactiveModel",
                "ProactiveText",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks/StoreBenchmark", exclude: ["tantivy_baseline.py", "compare-ingest.sh"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "ServiceBenchmark",
            dependencies: [
                "BenchmarkSupport", "ProactiveTesting", "Proactive", "ProactiveStorage", "ProactivePostgres",
                "ProactiveModel",
                "ProactiveText",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ServiceBenchmark", swiftSettings: swiftSettings),
        .executableTarget(
            name: "HandoffBenchmark",
            dependencies: [
                "BenchmarkSupport", "Proactive", "ProactiveModel", "ProactiveHandoff", "ProactiveRelay",
                "ProactiveTesting", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/HandoffBenchmark", swiftSettings: swiftSettings),
        .executableTarget(
            name: "MarkupBenchmark", dependencies: ["BenchmarkSupport", "ProactiveMarkup"],
            path: "Benchmarks/MarkupBenchmark", exclude: ["extruct_baseline.py"], swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "GeocodingBenchmark",
            dependencies: [
                "BenchmarkSupport", "ProactiveTesting", "ProactiveGeocoding", "ProactivePhoneNumbers",
                "ProactiveModel",
            ],
            path: "Benchmarks/GeocodingBenchmark", swiftSettings: swiftSettings),
        .executableTarget(
            name: "PlacesBenchmark",
            dependencies: [
                "BenchmarkSupport", "Proactive", "ProactiveModel", "ProactiveStorage", "ProactiveSQLite",
            ],
            path: "Benchmarks/PlacesBenchmark", swiftSettings: swiftSettings),
        .executableTarget(
            name: "NextAppBenchmark",
            dependencies: ["BenchmarkSupport", "ProactiveTesting", "ProactiveRanking"],
            path: "Benchmarks/NextAppBenchmark", swiftSettings: swiftSettings),

        // MARK: Tests: one target per module, plus end-to-end acceptance tests
        .testTarget(
            name: "ProactiveModelTests", dependencies: ["ProactiveModel"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveTextTests", dependencies: ["ProactiveText"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveMarkupTests", dependencies: ["ProactiveMarkup", "ProactiveTesting"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactivePhoneNumbersTests", dependencies: ["ProactivePhoneNumbers"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveGeocodingTests",
            dependencies: ["ProactiveGeocoding", "ProactiveModel", "ProactiveTesting"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveRankingTests", dependencies: ["ProactiveRanking"], swiftSettings: swiftSettings),
        // The storage conformance suite: every test runs on SQLite, and on PostgreSQL where
        // PROACTIVE_TEST_POSTGRES names a throwaway database (always in CI).
        .testTarget(
            name: "ProactiveStorageTests",
            dependencies: [
                "ProactiveStorage", "ProactiveSQLite", "ProactivePostgres", "ProactiveText", "Proactive",
                "ProactiveModel", "ProactiveTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveTests",
            dependencies: [
                "Proactive", "ProactiveStorage", "ProactiveSQLite", "ProactiveModel", "ProactiveTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings),
        // The fuzz targets (Fuzz/, whose package builds them with libFuzzer and AddressSanitizer),
        // built here without sanitizers so that the tests replay their committed seeds.
        .target(
            name: "ProactiveFuzzTargets",
            dependencies: [
                "Proactive", "ProactiveModel", "ProactiveMarkup", "ProactiveStorage", "ProactiveHandoff",
                "ProactiveServer", "ProactiveTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            path: "Fuzz/Sources/ProactiveFuzzer",
            exclude: ["main.swift", "FuzzerEntryPoint.swift"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveFuzzTargetsTests", dependencies: ["ProactiveFuzzTargets"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveTestingTests",
            dependencies: ["ProactiveTesting", "Proactive", "ProactiveModel"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveServerTests",
            dependencies: [
                "ProactiveServer", "Proactive", "ProactiveStorage", "ProactiveSQLite", "ProactiveModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveHandoffTests",
            dependencies: [
                "ProactiveHandoff", "ProactiveRelay", "Proactive", "ProactiveModel", "ProactiveTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ProactiveClientTests",
            dependencies: [
                "ProactiveClient", "ProactiveServer", "ProactiveTesting", "Proactive", "ProactiveModel",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AcceptanceTests",
            dependencies: [
                "proactive", .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ],
            // The pinned help texts, read from the source tree by HelpTests.
            exclude: ["Help"],
            swiftSettings: swiftSettings),
    ]
)
