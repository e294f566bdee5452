// swift-tools-version:6.0
// Lectern: a course-content lab server. No package dependencies: the toolchain
// plus system C libraries (libsqlite3, libxcrypt, libcrypto, libcurl) through system-library targets.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A library module in its layer's folder: `Sources/<layer>/<name>`.
func module(_ name: String, in layer: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/\(layer)/\(name)", swiftSettings: strict)
}

let package = Package(
    name: "Lectern",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "lectern", targets: ["lectern"]),
        .executable(name: "lectern-bench", targets: ["lectern-bench"]),
        .library(name: "LecternKit", targets: [
            "JSON", "Digest", "Spelling", "CLI", "SQLite", "Store", "HTTPServer", "HTML",
            "LayoutSolver", "AutoLayout", "Dynamics", "Captions", "Grading", "LecternApp",
            "SourceCode", "ConstraintCode", "BehaviorCode", "XML", "InterfaceBuilder", "Threads",
            "LTI",
        ]),
    ],
    targets: [
        // System libraries (Sources/System).
        .systemLibrary(name: "CSQLite", path: "Sources/System/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CCrypt", path: "Sources/System/CCrypt", providers: [.apt(["libc6-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/System/CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CCurl", path: "Sources/System/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // glibc's allocator settings (mallopt); part of the C library, nothing to link.
        .systemLibrary(name: "CMalloc", path: "Sources/System/CMalloc", providers: [.apt(["libc6-dev"])]),

        // Support: small pure building blocks, and dedicated threads for blocking and CPU-heavy work.
        module("Spelling", in: "Support"),
        module("Digest", in: "Support"),
        module("SeededRandom", in: "Support"),
        module("JSON", in: "Support", ["Spelling"]),
        module("Threads", in: "Support"),

        // Engines: pure, no I/O.
        module("LayoutSolver", in: "Engines"),
        module("AutoLayout", in: "Engines", ["LayoutSolver", "JSON", "Spelling"]),
        module("Dynamics", in: "Engines", ["JSON"]),

        // Formats: pure readers and writers of what students make in Xcode.
        module("XML", in: "Formats"),
        module("SourceCode", in: "Formats"),
        module("ConstraintCode", in: "Formats", ["SourceCode", "AutoLayout"]),
        module("BehaviorCode", in: "Formats", ["SourceCode", "JSON"]),
        module("InterfaceBuilder", in: "Formats", ["XML", "AutoLayout", "HTML"]),

        // Content: pure captions and grading.
        module("Captions", in: "Content", ["HTML"]),
        module("Grading", in: "Content", ["AutoLayout", "Dynamics", "JSON", "Digest", "HTML", "ConstraintCode", "BehaviorCode",
                                          "InterfaceBuilder", "SourceCode"]),

        // Integrations: each behind one interface.
        module("LTI", in: "Integrations", ["CCrypto", "JSON"]),

        // Storage.
        module("SQLite", in: "Storage", ["CSQLite", "Threads"]),
        module("Store", in: "Storage", ["SQLite", "Captions", "JSON", "Digest", "Spelling"]),

        // Web: the generic server, the HTML DSL, and the application (routes, pages, auth).
        module("HTML", in: "Web"),
        module("HTTPServer", in: "Web", ["JSON", "HTML"]),
        module("LecternApp", in: "Web", [
            "HTTPServer", "HTML", "Store", "SQLite", "Threads", "Grading", "AutoLayout", "Dynamics",
            "Captions", "JSON", "Digest", "CCrypt", "SourceCode", "ConstraintCode", "BehaviorCode", "InterfaceBuilder", "XML",
            "LTI", "CCrypto", "CCurl", "CMalloc",
        ]),
        // The tests' one HTTP client (in process or over a socket); only test targets depend on it.
        module("HTTPTesting", in: "Web", ["HTTPServer"]),

        // Tools: argument parsing and the executables.
        module("CLI", in: "Tools", ["Spelling"]),
        .executableTarget(name: "lectern", dependencies: ["LecternApp", "CLI", "Grading"],
                          path: "Sources/Tools/lectern", swiftSettings: strict),
        .executableTarget(name: "lectern-bench", dependencies: [
            "LecternApp", "CLI", "LayoutSolver", "AutoLayout", "Dynamics", "Grading", "Store",
            "SQLite", "Captions", "HTTPServer", "JSON", "SeededRandom",
            "LTI",
        ], path: "Sources/Tools/lectern-bench", swiftSettings: strict),

        // Tests: one target per module.
        .testTarget(name: "JSONTests", dependencies: ["JSON", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "DigestTests", dependencies: ["Digest", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "CLITests", dependencies: ["CLI"], swiftSettings: strict),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"], swiftSettings: strict),
        .testTarget(name: "ThreadsTests", dependencies: ["Threads"], swiftSettings: strict),
        .testTarget(name: "StoreTests", dependencies: ["Store", "SQLite"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTesting", "JSON", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "HTMLTests", dependencies: ["HTML"], swiftSettings: strict),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"], swiftSettings: strict),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "LayoutSolver"], exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "JSON", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "CaptionsTests", dependencies: ["Captions", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "XMLTests", dependencies: ["XML"], swiftSettings: strict),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "XML", "AutoLayout", "Grading"], exclude: ["Fixtures"],
                    swiftSettings: strict),
        .testTarget(name: "GradingTests", dependencies: ["Grading", "Dynamics", "AutoLayout", "JSON"], swiftSettings: strict),
        .testTarget(name: "SourceCodeTests", dependencies: ["SourceCode"], swiftSettings: strict),
        .testTarget(name: "ConstraintCodeTests", dependencies: ["ConstraintCode", "SourceCode", "AutoLayout", "Grading", "JSON"], swiftSettings: strict),
        .testTarget(name: "BehaviorCodeTests", dependencies: ["BehaviorCode", "SourceCode", "Grading", "Dynamics", "JSON"], swiftSettings: strict),
        .testTarget(name: "LecternAppTests", dependencies: ["LecternApp", "HTTPServer", "HTTPTesting", "Store", "SQLite", "LTI", "JSON", "Digest"], swiftSettings: strict),
        .testTarget(name: "LTITests", dependencies: ["LTI", "JSON", "SeededRandom"], swiftSettings: strict),
    ]
)
