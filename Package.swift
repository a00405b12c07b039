// swift-tools-version: 6.2
import PackageDescription

/// Every core target, for the test targets (which see them all).
let coreTargets: [Target.Dependency] = [
    "MeetupSupport", "MeetupModel", "MeetupNetwork", "MeetupConfig", "MeetupAuth", "MeetupFetch", "MeetupPhotos",
    "MeetupHistory", "MeetupRender", "MeetupPipeline",
]

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
        // HTTP: a body streamed with backpressure and never inflated, so memory stays within the caps.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
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
        // Pagefind's index metadata is gzip: zlib reads it (Gzip).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CICal",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // libical's recurrence API works on structs and C callbacks: the shim expands a
        // calendar into a flat array of occurrences and owns every libical object, reading
        // each document in a forked worker under a time and memory limit.
        .target(name: "CICalShim", dependencies: ["CICal"]),
        // vips's API is variadic, which Swift cannot call: the shim gives it fixed signatures. It opens
        // libvips on first use rather than linking it (31 ms of every start, shim.c): no CVips here.
        .target(name: "CVipsShim"),
        // Sample photos for the benchmark only, linked into the bench alone; and the check, against
        // libvips's headers, of the constants the tool's shim passes without them (abi_check.c).
        .target(name: "CVipsBenchShim", dependencies: ["CVips"]),
        // Linux calls Swift cannot reach directly (renameat2 with RENAME_EXCHANGE).
        .target(name: "CPlatform"),

        // The core, one target per layer (Sources/Core/<layer>), each depending only on the
        // layers below it: a back-pointing dependency does not compile. Types cross a
        // target boundary only with `package` (or `public`) access. Scripts/target-graph.py
        // prints this graph (ARCHITECTURE.md).
        .target(
            name: "MeetupSupport",
            dependencies: ["CPlatform", "CZlib", .product(name: "Crypto", package: "swift-crypto")],
            path: "Sources/Core/Support"),
        // The events, queries and every pure decision about them: no IO.
        .target(name: "MeetupModel", dependencies: ["MeetupSupport"], path: "Sources/Core/Model"),
        // HTTP on AsyncHTTPClient under the run's limits, and the snapshots it records and replays.
        .target(
            name: "MeetupNetwork",
            dependencies: [
                "MeetupSupport", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/Core/Network"),
        // The user's file format: read, checked, turned into the values the layers above take.
        .target(
            name: "MeetupConfig", dependencies: ["MeetupNetwork", "MeetupModel", "MeetupSupport"],
            path: "Sources/Core/Config"),
        // Secrets: OAuth with a signed JWT (swift-crypto's RSA), tokens kept between runs.
        .target(
            name: "MeetupAuth",
            dependencies: [
                "MeetupNetwork", "MeetupConfig", "MeetupSupport",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/Core/Auth"),
        // The sources of events: the GraphQL API, snapshots, iCalendar files (libical).
        .target(
            name: "MeetupFetch",
            dependencies: [
                "CICalShim", "MeetupAuth", "MeetupNetwork", "MeetupConfig", "MeetupModel", "MeetupSupport",
            ],
            path: "Sources/Core/Fetch"),
        // Photos downloaded, cached, revalidated and thumbnailed (libvips).
        .target(
            name: "MeetupPhotos",
            dependencies: ["CVipsShim", "MeetupNetwork", "MeetupConfig", "MeetupModel", "MeetupSupport"],
            path: "Sources/Core/Photos"),
        // What earlier runs saw (GRDB on SQLite).
        .target(
            name: "MeetupHistory",
            dependencies: [
                "MeetupConfig", "MeetupModel", "MeetupSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Core/History"),
        // Pages, feeds, calendars and the digest from the model (cmark, Mustache): no network, no database.
        .target(
            name: "MeetupRender",
            dependencies: [
                "CCmark", "MeetupModel", "MeetupSupport", .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Sources/Core/Render"),
        // The run's steps over one context, publishing, and the set-up commands around a run.
        .target(
            name: "MeetupPipeline",
            dependencies: [
                "MeetupRender", "MeetupFetch", "MeetupAuth", "MeetupPhotos", "MeetupHistory", "MeetupNetwork",
                "MeetupConfig", "MeetupModel", "MeetupSupport",
                // The build cache (BuildCache), in SQLite as the history is.
                .product(name: "GRDB", package: "GRDB.swift"),
                // `meetup-report serve`: the published site on 127.0.0.1 (SiteServer).
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            path: "Sources/Core/Pipeline"),
        .executableTarget(
            name: "MeetupReport",
            dependencies: [
                "MeetupPipeline", "MeetupPhotos", "MeetupFetch", "MeetupAuth", "MeetupConfig", "MeetupModel",
                "MeetupSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A scriptable HTTP server on 127.0.0.1 for the tests and the benchmark.
        .target(
            name: "LoopbackServer",
            dependencies: ["MeetupSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // `make bench`: the real binary against the loopback server, measured.
        .executableTarget(
            name: "MeetupReportBench",
            dependencies: [
                "LoopbackServer", "MeetupPipeline", "MeetupFetch", "MeetupPhotos", "MeetupHistory", "MeetupConfig",
                "MeetupModel", "MeetupSupport", "CVipsBenchShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test fixtures (recorded payloads, real images) and helpers shared by both test targets.
        .target(
            name: "MeetupReportTestSupport",
            dependencies: ["MeetupPipeline", "MeetupFetch", "MeetupConfig", "MeetupModel", "MeetupSupport"],
            path: "Tests/Support",
            resources: [.copy("Fixtures")]
        ),
        // Pure logic: mapping, config, rendering, rules. Seconds, no servers or processes.
        .testTarget(
            name: "MeetupReportUnitTests",
            dependencies: coreTargets + ["MeetupReportTestSupport", "LoopbackServer", "CICalShim"],
            path: "Tests/UnitTests"
        ),
        // The benchmark's own measuring (it is what every goal of make bench is read from).
        .testTarget(
            name: "MeetupReportBenchTests",
            dependencies: ["MeetupReportBench", "LoopbackServer"],
            path: "Tests/BenchTests"
        ),
        // Loopback servers, the real binary, faults, kills, history across runs.
        .testTarget(
            name: "MeetupReportIntegrationTests",
            dependencies: coreTargets + [
                "MeetupReportTestSupport", "LoopbackServer", "CVipsShim",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/IntegrationTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// This package's own code builds without a warning: the compiler keeps that rule (a warning
// is an error in every target of ours, Swift and C alike; the dependencies are not touched).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
    target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-Werror"])]
}
