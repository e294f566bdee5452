// swift-tools-version:6.0
// Lectern: a course-content lab server. No package dependencies: the toolchain
// plus system C libraries (libsqlite3, libxcrypt, libcrypto, libcurl) through system-library targets.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

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
        // System libraries.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt", providers: [.apt(["libc6-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),

        // Pure modules: no I/O.
        .target(name: "JSON", dependencies: ["Spelling"], swiftSettings: strict),
        .target(name: "Digest", swiftSettings: strict),
        .target(name: "Spelling", swiftSettings: strict),
        .target(name: "SeededRandom", swiftSettings: strict),
        .target(name: "LayoutSolver", swiftSettings: strict),
        .target(name: "AutoLayout", dependencies: ["LayoutSolver", "JSON", "Spelling"], swiftSettings: strict),
        .target(name: "Dynamics", dependencies: ["JSON"], swiftSettings: strict),
        .target(name: "Captions", dependencies: ["HTML"], swiftSettings: strict),
        .target(name: "Grading", dependencies: ["AutoLayout", "Dynamics", "JSON", "Digest", "HTML", "ConstraintCode", "BehaviorCode", "InterfaceBuilder", "SourceCode"],
                swiftSettings: strict),
        .target(name: "HTML", swiftSettings: strict),
        .target(name: "CLI", dependencies: ["Spelling"], swiftSettings: strict),
        .target(name: "SourceCode", swiftSettings: strict),
        .target(name: "ConstraintCode", dependencies: ["SourceCode", "AutoLayout"], swiftSettings: strict),
        .target(name: "BehaviorCode", dependencies: ["SourceCode", "JSON"], swiftSettings: strict),
        .target(name: "XML", swiftSettings: strict),
        .target(name: "InterfaceBuilder", dependencies: ["XML", "AutoLayout", "HTML"], swiftSettings: strict),
        .target(name: "LTI", dependencies: ["CCrypto", "JSON"], swiftSettings: strict),

        // Support: dedicated threads for blocking and CPU-heavy work.
        .target(name: "Threads", swiftSettings: strict),

        // Storage.
        .target(name: "SQLite", dependencies: ["CSQLite", "Threads"], swiftSettings: strict),
        .target(name: "Store", dependencies: ["SQLite", "Captions", "JSON", "Digest", "Spelling"], swiftSettings: strict),

        // Serving.
        .target(name: "HTTPServer", dependencies: ["JSON", "HTML"], swiftSettings: strict),

        // The application: routes, pages, auth.
        .target(name: "LecternApp", dependencies: [
            "HTTPServer", "HTML", "Store", "SQLite", "Threads", "Grading", "AutoLayout", "Dynamics",
            "Captions", "JSON", "Digest", "CCrypt", "SourceCode", "ConstraintCode", "BehaviorCode", "InterfaceBuilder", "XML",
            "LTI", "CCrypto", "CCurl",
        ], swiftSettings: strict),

        // Executables.
        .executableTarget(name: "lectern", dependencies: ["LecternApp", "CLI", "Grading"], swiftSettings: strict),
        .executableTarget(name: "lectern-bench", dependencies: [
            "LecternApp", "CLI", "LayoutSolver", "AutoLayout", "Dynamics", "Grading", "Store",
            "SQLite", "Captions", "HTTPServer", "JSON", "SeededRandom",
            "LTI",
        ], swiftSettings: strict),

        // Tests: one target per module.
        .testTarget(name: "JSONTests", dependencies: ["JSON", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "DigestTests", dependencies: ["Digest", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "CLITests", dependencies: ["CLI"], swiftSettings: strict),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"], swiftSettings: strict),
        .testTarget(name: "ThreadsTests", dependencies: ["Threads"], swiftSettings: strict),
        .testTarget(name: "StoreTests", dependencies: ["Store", "SQLite"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "JSON", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "HTMLTests", dependencies: ["HTML"], swiftSettings: strict),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"], swiftSettings: strict),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "LayoutSolver"], exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "JSON"], swiftSettings: strict),
        .testTarget(name: "CaptionsTests", dependencies: ["Captions", "SeededRandom"], swiftSettings: strict),
        .testTarget(name: "XMLTests", dependencies: ["XML"], swiftSettings: strict),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "XML", "AutoLayout", "Grading"],
                    swiftSettings: strict),
        .testTarget(name: "GradingTests", dependencies: ["Grading", "Dynamics", "AutoLayout", "JSON"], swiftSettings: strict),
        .testTarget(name: "SourceCodeTests", dependencies: ["SourceCode"], swiftSettings: strict),
        .testTarget(name: "ConstraintCodeTests", dependencies: ["ConstraintCode", "SourceCode", "AutoLayout", "Grading", "JSON"], swiftSettings: strict),
        .testTarget(name: "BehaviorCodeTests", dependencies: ["BehaviorCode", "SourceCode", "Grading", "Dynamics", "JSON"], swiftSettings: strict),
        .testTarget(name: "LecternAppTests", dependencies: ["LecternApp", "HTTPServer", "Store", "SQLite", "LTI", "JSON", "Digest"], swiftSettings: strict),
        .testTarget(name: "LTITests", dependencies: ["LTI", "JSON", "SeededRandom"], swiftSettings: strict),
    ]
)
