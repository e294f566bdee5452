// swift-tools-version:6.0
// libFuzzer targets for Lectern's parsers, built against the main package's library:
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --product <target>
// Each target's `@main` hands its `LLVMFuzzerTestOneInput` to `LLVMFuzzerRunDriver` (see FuzzerDriver).
import Foundation
import PackageDescription

/// SwiftPM identifies a path dependency by its directory name, so the main package is named after
/// the directory that holds this one.
let lectern = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A fuzz target: an executable linking the Lectern library and the libFuzzer driver declaration.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(name: name, dependencies: [
        .product(name: "LecternKit", package: lectern), "FuzzerDriver",
    ], swiftSettings: settings)
}

let package = Package(
    name: "LecternFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzerDriver"),
        fuzzTarget("fuzz-captions"),
        fuzzTarget("fuzz-http"),
        fuzzTarget("fuzz-code"),
        fuzzTarget("fuzz-behavior"),
        fuzzTarget("fuzz-xml"),
        fuzzTarget("fuzz-jwt"),
    ]
)
