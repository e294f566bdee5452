// swift-tools-version:6.0
// Benchmark-only package: a reference Hummingbird 2 server serving the same two
// payloads as `lectern serve --bench-routes`, used by scripts/bench-http.sh.
// It is not part of the product and the main package never depends on it.
import PackageDescription

let package = Package(
    name: "LecternBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "hummingbird-reference",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/HummingbirdReference",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
