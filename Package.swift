// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LockSpec",
    products: [
        .executable(name: "lockspec", targets: ["lockspec"]),
        .executable(name: "lockspec-mutate", targets: ["lockspec-mutate"]),
        .library(name: "SpecKit", targets: ["SpecKit"]),
        .library(name: "AppLockCore", targets: ["AppLockCore"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "AppLockFixtures", targets: ["AppLockFixtures"]),
        .library(name: "Mutation", targets: ["Mutation"]),
    ],
    targets: [
        // Debian C libraries, found through pkg-config and installed by Scripts/bootstrap.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // The product behaviour. Knows nothing of the harness: no SpecKit, no Conformance, no specs/.
        .target(name: "AppLockCore", dependencies: ["CArgon2", "CSodium"]),

        // The harness: the general spec engine and the general runner and reports (neither knows AppLockCore), then
        // the fixtures that bind the specs' names to AppLockCore, in a target of their own so the engine could drive
        // another core.
        .target(name: "SpecKit", dependencies: ["CYAML", "CCrypto"]),
        .target(name: "Conformance", dependencies: ["SpecKit"], plugins: ["BuildIdentityPlugin"]),
        .target(name: "AppLockFixtures", dependencies: ["SpecKit", "Conformance", "AppLockCore"]),
        // Records the build under test (git commit, dirty flag) into Conformance on every build, for every report.
        .plugin(name: "BuildIdentityPlugin", capability: .buildTool()),

        // Mutation analysis of a core's sources: sites, schemata (every mutant behind one switch), runs and reports.
        // Works on source text and processes only; knows no spec and no core. SpecKit only for its YAML loader (the
        // accepted-survivors file is read as YAML tools read it).
        .target(name: "Mutation", dependencies: ["SpecKit"]),

        // The Language Server behind `lockspec lsp`: JSON-RPC framing, lint findings as diagnostics, completion, hover.
        .target(name: "LanguageServer", dependencies: ["SpecKit", "Conformance"]),

        // A small HTTP/1.1 server over BSD sockets (loopback by default, bounded requests); knows nothing of specs.
        .target(name: "LocalHTTP"),
        // The browser workbench behind `lockspec serve`: the page, and its API over lint, run, diff and the table editor.
        .target(name: "Workbench", dependencies: ["SpecKit", "Conformance", "LocalHTTP"]),

        // The command-line tools: each parses arguments, calls the libraries, prints. `lockspec mutate` runs
        // lockspec-mutate, so that neither the main job's build nor a mutant's build compiles the mutation engine.
        .target(name: "CommandLineKit", dependencies: ["SpecKit"]),
        .executableTarget(name: "lockspec", dependencies: ["SpecKit", "Conformance", "AppLockFixtures", "LanguageServer", "Workbench", "LocalHTTP", "CommandLineKit"]),
        .executableTarget(name: "lockspec-mutate", dependencies: ["Mutation", "CommandLineKit"]),
        // The measurements behind Scripts/bench (ratios against a baseline taken in the same run).
        .executableTarget(name: "lockspec-bench", dependencies: ["SpecKit", "Conformance", "AppLockFixtures", "AppLockCore", "Mutation"]),

        // The process side of Scripts/trials (kill -9, concurrent writers, a full disk) against the real FileStore.
        .executableTarget(name: "lockspec-trials", dependencies: ["AppLockCore"]),

        // Tests, one target per module.
        .testTarget(name: "SpecKitTests", dependencies: ["SpecKit"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AppLockCoreTests", dependencies: ["AppLockCore"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "AppLockFixtures", "SpecKit", "AppLockCore"],
                    exclude: ["Golden", "Languages"]),
        .testTarget(name: "LockspecCLITests", dependencies: []),
        .testTarget(name: "MutationTests", dependencies: ["Mutation"]),
        .testTarget(name: "WorkbenchTests", dependencies: ["Workbench", "LocalHTTP", "SpecKit", "Conformance", "AppLockFixtures"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "SpecKit", "Conformance", "AppLockFixtures"]),
        // The conformance gate: specs/ compiled when the tests start, and every compiled case run as its own argument.
        .testTarget(name: "ConformanceGateTests", dependencies: ["Conformance", "AppLockFixtures", "SpecKit"]),
    ]
)

// Strictness for every target in one place: Swift 6 language mode (strict concurrency) and
// existential `any` spelled out.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
