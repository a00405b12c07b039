// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "meetup-report",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "meetup-report", targets: ["MeetupReport"]),
        .executable(name: "meetup-report-bench", targets: ["MeetupReportBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // RS256 signing of the OAuth JWT assertion, and SHA-256 for cache keys.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // C bridges: each system library behind its own small target.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // vips's API is variadic, which Swift cannot call: the shim gives it fixed signatures.
        .target(name: "CVipsShim", dependencies: ["CVips"]),
        // Sample photos for the benchmark only; not linked into the tool.
        .target(name: "CVipsBenchShim", dependencies: ["CVips"]),
        // Linux calls Swift cannot reach directly (renameat2 with RENAME_EXCHANGE).
        .target(name: "CPlatform"),

        .target(
            name: "MeetupReportCore",
            dependencies: [
                "CCmark", "CVipsShim", "CPlatform",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "MeetupReport",
            dependencies: [
                "MeetupReportCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A scriptable HTTP server on 127.0.0.1 for the tests and the benchmark.
        .target(
            name: "LoopbackServer",
            dependencies: [.product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // `make bench`: the real binary against the loopback server, measured.
        .executableTarget(
            name: "MeetupReportBench",
            dependencies: [
                "LoopbackServer", "MeetupReportCore", "CVipsBenchShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test fixtures (recorded payloads, real images) and helpers shared by both test targets.
        .target(
            name: "MeetupReportTestSupport",
            dependencies: ["MeetupReportCore"],
            path: "Tests/Support",
            resources: [.copy("Fixtures")]
        ),
        // Pure logic: mapping, config, rendering, rules. Seconds, no servers or processes.
        .testTarget(
            name: "MeetupReportUnitTests",
            dependencies: ["MeetupReportCore", "MeetupReportTestSupport", "LoopbackServer"],
            path: "Tests/UnitTests"
        ),
        // Loopback servers, the real binary, faults, kills, history across runs.
        .testTarget(
            name: "MeetupReportIntegrationTests",
            dependencies: [
                "MeetupReportCore", "MeetupReportTestSupport", "LoopbackServer",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/IntegrationTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
