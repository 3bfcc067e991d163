// swift-tools-version:6.1
// The code generator of the typed client (Sources/ProactiveClient/Generated), kept in its own
// package so the library's users never build it: scripts/generate-client.sh runs it, and CI
// checks that the committed code is what it generates from openapi.yaml.
import PackageDescription

let package = Package(
    name: "OpenAPIGeneratorTool",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
