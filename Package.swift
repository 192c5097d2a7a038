// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    // Every module a file uses members of must be imported by that file; scripts/check-imports then
    // holds every import to the target's own dependency list below (CI runs it).
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "apiexplore",
    platforms: [.macOS(.v15)],
    products: [
        // The libraries we promise to library users, under semver (scripts/check-api holds their public API
        // to api/baseline). Every other module is internal to this package: its declarations are `package`,
        // visible to our executable, tests, benchmarks and fuzzer.
        .library(name: "APIMapping", targets: ["APIMapping"]),
        .library(name: "APIHTTP", targets: ["APIHTTP"]),
        .library(name: "APIClient", targets: ["APIClient"]),
        .library(name: "APIHistory", targets: ["APIHistory"]),
        .library(name: "APIImport", targets: ["APIImport"]),
        .library(name: "APITesting", targets: ["APITesting"]),
        .executable(name: "apiexplore", targets: ["apiexplore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Already in the graph through AsyncHTTPClient; named so the transport can map their errors and
        // configure decompression limits.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        // Already in the graph through AsyncHTTPClient; named so the response guard can find the HTTP/2 codec.
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // CSV data files for data-driven runs.
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        // Latency percentiles for `run --timings` and `run --repeat`.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Already in the graph through Hummingbird; named so the OAuth loopback redirect can shut down
        // gracefully, after its one answer is written.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // PKCE's S256 code challenge, OAuth state and cache keys.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The IETF draft's structured `RateLimit` and `RateLimit-Policy` fields.
        .package(url: "https://github.com/apple/swift-http-structured-headers", from: "1.7.0"),
        // `swift package generate-documentation` for the DocC catalogues of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // multipart/form-data: part headers written for uploads, streamed bodies parsed by the demo backend.
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        // Team history on a PostgreSQL server (`--history postgres://…`), beside the embedded SQLite file.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The pure mapping core: JSON engine, path languages. Knows nothing of networks or terminals.
        .target(name: "APIMapping", dependencies: ["CXMLReader"], swiftSettings: strictSettings),
        // libxml2, read directly for XML bodies: SAX events straight into the JSON tree (decision 7).
        // Its headers pull in ICU's, which clash with Foundation's: only this C target includes them.
        .target(name: "CXMLReader", dependencies: ["CLibXML2"]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // The HTTP layer that knows no profiles: transport, redirects, middleware, cookies, uploads,
        // streamed bodies, sequencing and the private files they keep state in.
        .target(
            name: "APIHTTP",
            dependencies: [
                "APIMapping",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            swiftSettings: strictSettings
        ),
        // Profiles, the client that sends their requests, paging and behaviour, above the HTTP layer.
        .target(
            name: "APIClient",
            dependencies: [
                "APIMapping",
                "APIHTTP",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "RawStructuredFieldValues", package: "swift-http-structured-headers"),
            ],
            swiftSettings: strictSettings
        ),
        // Profiles written from elsewhere: OpenAPI and Swagger descriptions, curl command lines, HAR files.
        .target(
            name: "APIImport",
            dependencies: ["APIMapping", "APIClient", "APIHTTP", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // Persisted history and the model store: one SQLite file through GRDB, above the client.
        .target(
            name: "APIHistory",
            dependencies: [
                "APIMapping",
                "APIClient",
                "APIHTTP",
                .product(name: "GRDB", package: "GRDB.swift"),
                "CSQLiteShim",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // The SQLite setting Swift cannot make itself (a variadic C function), for the history store.
        .systemLibrary(name: "CSQLiteShim", providers: [.apt(["libsqlite3-dev"])]),
        // The embedded demo backend: every envelope family, success and failure, and hostile transports.
        .target(
            name: "APIDemoBackend",
            dependencies: [
                "APIMapping", "APIServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // What serve-demo and serve-mock share: HTTP/1.0 and keep-alive, limits, the Host check.
        .target(
            name: "APIServing",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                // Task executors on the shared event loops.
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The session every front end shares: profiles, environment, transport, history, the demo
        // backend on demand, and recording each call.
        .target(
            name: "APISession",
            dependencies: [
                "APIMapping", "APIClient", "APIHTTP", "APIHistory",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The headless command language: parser, runner, expectations, suites of files, reports
        // (JUnit, TAP, JSON) and latency summaries. Shared by the `run` command and the TUI's `:` line.
        .target(
            name: "APIScript",
            dependencies: [
                "APIMapping", "APIClient", "APIHTTP", "APIHistory", "APISession", "APIServing",
                // The load engine's workers run on the HTTP client's event loops.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strictSettings
        ),
        // The system ncursesw library, with a C shim for what Swift cannot import.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // What a signal handler and a terminal handover need and Swift cannot do safely: the terminal put
        // back from any fatal signal, a child made the terminal's foreground process group.
        .target(name: "CTerminalGuard"),
        // The keyboard-driven terminal UI: screen backends, layout, panes, the key state machine.
        .target(
            name: "APITerminalUI",
            dependencies: [
                "APIMapping", "APIClient", "APIHTTP", "APIHistory", "APIImport", "APISession", "APIScript", "CNcursesw",
                "CTerminalGuard",
            ],
            swiftSettings: strictSettings
        ),
        // Mocks from history: a Hummingbird server replaying a profile's recorded exchanges (`serve-mock`).
        .target(
            name: "APIMock",
            dependencies: [
                "APIMapping", "APIClient", "APIHTTP", "APIHistory", "APIImport", "APIServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // Stopping the server gracefully when its task is cancelled.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The command-line executable; thin wiring over the libraries.
        .executableTarget(
            name: "apiexplore",
            dependencies: [
                "APIMapping",
                "APIClient",
                "APIHTTP",
                "APIHistory",
                "APIImport",
                "APISession",
                "APIScript",
                "APIDemoBackend",
                "APIMock",
                "APITerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // A seeded, deterministic mutation fuzzer for every parser that reads outside input.
        .executableTarget(
            name: "apiexplore-fuzz",
            dependencies: [
                "APIMapping",
                "APIClient",
                "APIHTTP",
                "APIImport",
                "APIScript",
                // The seeded generator of the mutations.
                "APITesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Fuzz/apiexplore-fuzz",
            swiftSettings: strictSettings
        ),
        // Light test support for us and for library users, on APIClient alone: a stub transport, a
        // loopback transport configuration, temporary folders and the seeded generator the tests, the
        // benchmarks and the fuzzer share.
        .target(
            name: "APITesting",
            dependencies: ["APIClient", "APIHTTP"],
            swiftSettings: strictSettings
        ),
        // Heavier test support: the demo backend as a fixture and history stores in temporary folders.
        .target(
            name: "APIClientTesting",
            dependencies: ["APITesting", "APIClient", "APIHTTP", "APIDemoBackend", "APIHistory"],
            swiftSettings: strictSettings
        ),
        // Release-build benchmarks that compare against baselines in the same run.
        .executableTarget(
            name: "apiexplore-bench",
            dependencies: [
                "APIMapping",
                "APIClient",
                "APIHTTP",
                "APIDemoBackend",
                "APIHistory",
                "APIImport",
                "APITerminalUI",
                // The seeded generator every generated input is drawn from.
                "APITesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // Insert and search latency percentiles of the two history backends.
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "Benchmarks/apiexplore-bench",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIMappingTests",
            // APITesting for its seeded generator only; RawHTTPTesting to start python3 as every test does.
            dependencies: ["APIMapping", "APITesting", "RawHTTPTesting"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIImportTests",
            dependencies: ["APIImport", "APIClient", "APIHTTP", "APIMapping", "APITesting", "RawHTTPTesting"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APISessionTests",
            dependencies: [
                "APISession", "APIClient", "APIHTTP", "APIHistory", "APIMapping", "APIClientTesting", "APITesting",
                "APIDemoBackend", "RawHTTPTesting",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIClientTests",
            dependencies: [
                "APITesting",
                "RawHTTPTesting",
                "APIClientTesting",
                "APIClient",
                "APIHTTP",
                "APIMapping",
                "APIDemoBackend",
                // The redaction test logs through a handler of its own.
                .product(name: "Logging", package: "swift-log"),
                // The TLS and connect-timeout tests run their own loopback listeners.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // Upload tests parse what they encode, and check its digest.
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // Writes exchanges into a history file in a loop; the crash and two-writer tests drive it.
        .executableTarget(
            name: "apiexplore-history-writer",
            dependencies: ["APIHistory", "APIClient", "APIHTTP", "APIMapping"],
            path: "Tests/Tools/apiexplore-history-writer",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIHistoryTests",
            dependencies: [
                "APITesting", "APIClientTesting",
                "APIHistory", "APIClient", "APIHTTP", "APIMapping", "APIDemoBackend", "apiexplore-history-writer",
                // Every test process is started through its ProcessLaunch.
                "RawHTTPTesting",
                // A second connection holding a read transaction, to test the log's checkpoint against it.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIMockTests",
            dependencies: [
                "APIMock", "APIClient", "APIHTTP", "APITesting", "APIClientTesting", "APIHistory", "APIMapping",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIScriptTests",
            dependencies: [
                "APIScript", "APISession", "APIClient", "APIClientTesting", "APIHistory", "APIMapping",
                "APIDemoBackend",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APITerminalUITests",
            dependencies: [
                "APIClientTesting",
                "APITerminalUI", "APIClient", "APIHTTP", "APIDemoBackend", "APIMapping", "APIHistory", "APISession",
                "APIScript",
            ],
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "apiexploreTests",
            // APIImport reads back the curl lines `request --print-curl` prints; uploads are checked by digest.
            dependencies: [
                "APIImport", "apiexplore", "RawHTTPTesting", .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Read from the checkout by path (the JUnit XSD xmllint checks reports against).
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        // The raw HTTP peer both the client's and the binary's tests script (Tests/Tools/raw-http-server.py),
        // and the one way every test starts a process.
        .target(name: "RawHTTPTesting", path: "Tests/RawHTTPTesting", swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
