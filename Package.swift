// swift-tools-version:6.2
import PackageDescription

/// Targets from the bottom up: pure layout math and the rendering vocabulary (`Layout`, its JSON
/// in `PlanJSON`), the request language (`TransformSpec`, which builds the `RenderRequest`), libvips
/// (`Vips`), source images by name and their confinement to the root (`Sources`, with `Origins`
/// for HTTP(S) originals), rendering (`Render`, handed a `RenderRequest` and resolved sources
/// only), the HTTP/1.1 server (`HTTP1`, knowing nothing of images), the result cache (`Cache`), the
/// wiring (`Service`) and the executable. Each C library is a system-library module imported by
/// exactly one target (test support aside). Test-only targets live under `Tests/` and ship in no product.
/// Every target of ours: a raw float-to-integer conversion (`Int(someDouble)`, which traps on NaN,
/// infinity or 1e19) is a compile error; `CheckedConversion`'s `init(saturating:)` is the one way.
let checkedNumbers: [SwiftSetting] = [.treatWarning("DeprecatedDeclaration", as: .error)]

let package = Package(
    name: "imgframe",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "imgframe", targets: ["imgframe"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "TransformSpec", targets: ["TransformSpec"]),
        .library(name: "Render", targets: ["Render"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // Pure Swift: sizes, proposals, alignment, SwiftUI's layout rules, the RenderPlan, and the rendering
        // vocabulary (ImageFormat, ColorRenderingMode, PageSize, the RenderRequest Render takes). No C, no Foundation.
        .target(name: "Layout", dependencies: ["CheckedConversion"], swiftSettings: checkedNumbers),
        // The float-to-integer conversion that cannot trap, and the trapping ones shadowed so that none is called.
        .target(name: "CheckedConversion"),
        // A small ordered JSON writer and the RenderPlan's JSON (`imgframe plan`, `/playground/plan/`, the vectors).
        .target(name: "PlanJSON", dependencies: ["Layout", "CheckedConversion"], swiftSettings: checkedNumbers),
        // The canonical request: query sugar and the Swift-syntax `chain`, parsed, validated and printed back.
        .target(name: "TransformSpec", dependencies: ["Layout", "CheckedConversion"], swiftSettings: checkedNumbers),
        // Pure math of `/info`'s placeholders: BlurHash, ThumbHash, average colour, k-means palette (Foundation for cos/pow only).
        .target(name: "Placeholders", dependencies: ["Layout", "CheckedConversion"], swiftSettings: checkedNumbers),
        // libvips's C API (pkg-config `vips`) with fixed-argument shims for its variadic calls.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // libjpeg-turbo's DCT-scaled decoding straight into one buffer, on the calling thread (C).
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // libvips's resize with a faster horizontal reduce for 8-bit RGB, the same bytes (C, AVX2).
        .target(name: "CResample", dependencies: ["CVips"]),
        // The only module that imports CVips: owning image type, typed errors, one-time start.
        .target(
            name: "Vips", dependencies: ["CVips", "CJPEG", "CResample", "CDeflate", "CWebP", "CheckedConversion"], swiftSettings: checkedNumbers),
        // libdeflate (pkg-config `libdeflate`), imported only by Vips's PNG writer.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libwebp's encoder (pkg-config `libwebp`), imported only by Vips's WebP writer.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // Source images by name: the one path rule (`SourceName`), the local root confined by `realpath`
        // (`SourceDirectory`, with the asset-catalog search), and the `SourceProvider` origins implement too.
        .target(name: "Sources", dependencies: ["Vips", "Layout", "CheckedConversion"], swiftSettings: checkedNumbers),
        // cairo, Pango, HarfBuzz metrics, fontconfig (pkg-config `pangocairo`) and librsvg (linked; two calls declared
        // in the shim), imported only by Render: shapes, text, symbols, blend modes and effect groups, the PDF writer.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "librsvg2-dev"])]),
        // Lays a RenderRequest out (Layout's engine, Pango measuring text) and executes its RenderPlan with Vips: load,
        // orient, sRGB, resample, tile, 9-slice, composite, encode; rasterizes shape paths with cairo and text with Pango.
        .target(
            name: "Render", dependencies: ["Layout", "Sources", "Vips", "CCairo", "Placeholders", "CheckedConversion"], swiftSettings: checkedNumbers),
        // OpenSSL's libcrypto (pkg-config `libcrypto`), imported only by Hashing.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // SHA-256 and HMAC-SHA256 for ETags, cache keys and URL signatures.
        .target(name: "Hashing", dependencies: ["CCrypto", "CheckedConversion"], swiftSettings: checkedNumbers),
        // glibc's allocator controls (<malloc.h>), imported only by Service's `Allocator`.
        .systemLibrary(name: "CMalloc"),
        // The hand-written HTTP/1.1 server over POSIX sockets and Dispatch; knows nothing of images.
        .target(name: "HTTP1", dependencies: ["CEpoll", "CheckedConversion"], swiftSettings: checkedNumbers),
        // Linux epoll, eventfd and the socket calls (<sys/epoll.h>, <sys/eventfd.h>), imported only by HTTP1.
        .systemLibrary(name: "CEpoll"),
        // libcurl (pkg-config `libcurl`), imported only by Origins.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Originals from HTTP(S) origins: the configured mapping, the SSRF rule, the fetch, and their own disk cache.
        .target(name: "Origins", dependencies: ["CCurl", "Sources", "Vips", "Hashing", "Cache", "CheckedConversion"], swiftSettings: checkedNumbers),
        // The on-disk result cache: atomic writes, checked reads, LRU byte budget.
        .target(
            name: "Cache", dependencies: ["Hashing", "CheckedConversion", .product(name: "Logging", package: "swift-log")],
            swiftSettings: checkedNumbers),
        // Wiring: configuration, routes, source resolution (local or origin), work scheduling, errors, access log.
        .target(
            name: "Service",
            dependencies: [
                "HTTP1", "Render", "TransformSpec", "Layout", "PlanJSON", "Placeholders", "Vips", "Hashing", "Cache", "CMalloc", "Origins", "Sources",
                "CheckedConversion", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: checkedNumbers),
        .executableTarget(
            name: "imgframe",
            dependencies: [
                "Layout",
                "PlanJSON",
                "TransformSpec",
                "Render",
                "Sources",
                "Vips",
                "Service",
                "Cache",
                "Origins",
                "CheckedConversion",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: checkedNumbers
        ),
        // Test-only helpers: the worked layout vectors (a copy of the shared file) and a plan matcher.
        .target(
            name: "LayoutVectorSupport", dependencies: ["Layout", "PlanJSON"], path: "Tests/Support",
            resources: [.copy("layout-vectors.json"), .copy("views-vectors.json")]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "LayoutVectorSupport"]),
        .testTarget(name: "SourcesTests", dependencies: ["Sources"]),
        .testTarget(name: "PlaceholdersTests", dependencies: ["Placeholders", "Layout"]),
        .testTarget(name: "TransformSpecTests", dependencies: ["TransformSpec", "Layout", "LayoutVectorSupport"]),
        .testTarget(
            name: "RenderTests",
            dependencies: ["Render", "Sources", "Vips", "VipsTestSupport", "TransformSpec", "Layout", "LayoutVectorSupport", "CCairo"]),
        // Test-only: fixture building with libvips (colour spaces, metadata Render strips); the one
        // module besides Vips that imports CVips, kept out of the shipped Vips target.
        .target(name: "VipsTestSupport", dependencies: ["Vips", "CVips"], path: "Tests/VipsTestSupport"),
        // libvips, the scaled JPEG decoder and the horizontal reduce (Vips with CJPEG and CResample),
        // without the renderer.
        .testTarget(name: "VipsTests", dependencies: ["Vips", "VipsTestSupport", "CResample", "CJPEG"]),
        // Test-only: a raw-socket HTTP client for driving real servers byte by byte, the origins and S3
        // servers tests fetch from, and `imgframe serve` as a child process.
        .target(name: "HTTPTestSupport", path: "Tests/HTTPSupport"),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1", "HTTPTestSupport"]),
        .testTarget(name: "CacheTests", dependencies: ["Cache", .product(name: "Logging", package: "swift-log")]),
        // Test-only: a running ImageService on loopback over a temporary root (`ServiceFixture`), one
        // over the test origin, and the originals the service's and the origins' tests share.
        .target(
            name: "ServiceTestSupport",
            dependencies: ["Service", "Cache", "Origins", "HTTPTestSupport", .product(name: "Logging", package: "swift-log")],
            path: "Tests/ServiceTestSupport"),
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "Service", "TransformSpec", "Placeholders", "Cache", "Origins", "Sources", "HTTP1", "Hashing", "HTTPTestSupport",
                "ServiceTestSupport", "LayoutVectorSupport", "Vips", "VipsTestSupport", .product(name: "Logging", package: "swift-log"),
            ]),
        // HTTP(S) and S3 origins, the SSRF rule and the originals cache, through a real service where the fetch needs one.
        .testTarget(name: "OriginsTests", dependencies: ["Origins", "Hashing", "Service", "HTTPTestSupport", "ServiceTestSupport"]),
        // The command-line commands, run as the built binary.
        .testTarget(name: "CLITests", dependencies: ["imgframe", "Layout", "LayoutVectorSupport", "HTTPTestSupport"]),
        // The built `imgframe serve` driven end to end: hostile input, slow readers, running out of
        // descriptors, every numeric extreme, what text may cost the process.
        .testTarget(
            name: "SystemTests",
            dependencies: ["imgframe", "Layout", "TransformSpec", "Service", "HTTPTestSupport", "ServiceTestSupport", "VipsTestSupport"]),
    ]
)
