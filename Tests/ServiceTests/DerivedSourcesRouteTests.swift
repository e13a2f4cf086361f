import Foundation
import Service
import ServiceTestSupport
import Testing

/// Derived sources through the server: the second size of an original starts from the first's
/// decode and another scale its coefficients, `/metrics` says so, the bytes are those of a server that keeps nothing, and a replaced
/// original is decoded again.
@Suite("derived sources over HTTP")
struct DerivedSourcesRouteTests {
    static func metric(_ fixture: ServiceFixture, _ name: String) throws -> Double? {
        let prefix = name + " "
        return try fixture.get("/metrics").text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Double($0.dropFirst(prefix.count)) }
    }

    @Test(
        "the second size at the same reduction is a hit, another scale replays, both answer what a server without them answers, and a replaced original misses"
    )
    func secondSize() throws {
        let keeping = try ServiceFixture { $0.sourceCheck = .zero }
        let decoding = try ServiceFixture { $0.derivedSourcesMaxBytes = 0 }
        // 4032×3024 at 640 and at 900 wide both decode at 1/4 (1008×756).
        for path in ["/img/landscape_4.jpg?w=640&fmt=jpeg", "/img/landscape_4.jpg?w=900&h=500&mode=fill&clip=1&fmt=png"] {
            let kept = try keeping.get(path)
            #expect(kept.status == 200 && kept.header("X-Cache") == "MISS")
            #expect(kept.body == (try decoding.get(path)).body, "\(path)")
        }
        #expect(try Self.metric(keeping, #"imgframe_derived_sources_lookups_total{outcome="hit"}"#) == 1)
        #expect(try Self.metric(keeping, #"imgframe_derived_sources_lookups_total{outcome="miss"}"#) == 1)
        #expect(try Self.metric(keeping, "imgframe_derived_sources_entries") == 2, "the 1/4 decode and the file's DCT coefficients")
        #expect(try Self.metric(keeping, "imgframe_derived_sources_bytes") ?? 0 > Double(1009 * 757 * 3))
        // 320 wide decodes at 1/8: a miss, whose blocks come from the kept coefficients.
        let eighth = "/img/landscape_4.jpg?w=320&fmt=jpeg"
        #expect(try keeping.get(eighth).body == (try decoding.get(eighth)).body)
        #expect(try Self.metric(keeping, "imgframe_derived_sources_replays_total") == 1)
        #expect(try Self.metric(keeping, "imgframe_derived_sources_capacity_bytes") == Double(128 << 20))
        #expect(try Self.metric(decoding, "imgframe_derived_sources_capacity_bytes") == 0)
        #expect(try Self.metric(decoding, #"imgframe_derived_sources_lookups_total{outcome="miss"}"#) == 0)

        // The same name, other pixels: a new version, so a new decode.
        let original = keeping.root.appendingPathComponent("landscape_4.jpg")
        let replacement = try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("landscape_6.jpg"))
        try replacement.write(to: original)
        let path = "/img/landscape_4.jpg?w=700&fmt=jpeg"
        let fresh = try keeping.get(path)
        #expect(fresh.status == 200)
        try replacement.write(to: decoding.root.appendingPathComponent("landscape_4.jpg"))
        #expect(fresh.body == (try decoding.get(path)).body, "the replaced original's pixels")
        #expect(try Self.metric(keeping, #"imgframe_derived_sources_lookups_total{outcome="miss"}"#) == 3)
        #expect(try Self.metric(keeping, "imgframe_derived_sources_replays_total") == 1, "not the old file's coefficients")
    }
}
