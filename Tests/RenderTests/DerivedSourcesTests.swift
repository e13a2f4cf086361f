import Foundation
@testable import Render
import Sources
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Renders that start from a kept decode (`DerivedSources`) give the same bytes as renders that
/// decode the file, for every kind of layout that decodes at a reduction and for every encoder; and
/// the store keeps what it may, within its bytes, by what each decode cost.
@Suite("render: derived sources")
struct DerivedSourcesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL

    /// A request whose decode another request of the same reduction made first (`warm`), and the
    /// request itself: fit, fill, content focus, a focus point, trim, EXIF and requested orientations, a crop window.
    struct Case: CustomTestStringConvertible, Sendable {
        let source: String, warm: String, query: String
        var testDescription: String { "\(source)?\(query) after \(warm)" }
    }

    static let cases: [Case] = [
        Case(source: "landscape_4.jpg", warm: "w=320&fmt=jpeg", query: "w=300&h=300&mode=fill&clip=1&fmt=jpeg"),
        Case(source: "landscape_4.jpg", warm: "w=640&fmt=png", query: "w=960&fmt=jpeg&q=80"),
        Case(source: "landscape_4.jpg", warm: "w=1280&fmt=jpeg", query: "w=1200&h=630&mode=fill&clip=1&fmt=jpeg"),
        Case(source: "landscape_4.jpg", warm: "w=400&fmt=jpeg", query: "w=400&h=400&mode=fill&clip=1&focus=attention&fmt=png"),
        Case(source: "landscape_4.jpg", warm: "w=320&fmt=jpeg", query: "w=500&h=300&mode=fill&clip=1&focus=0.8,0.2&fmt=webp"),
        Case(source: "landscape_4.jpg", warm: "w=320&fmt=jpeg", query: "w=320&h=240&mode=fill&clip=1&trim=10&fmt=jpeg"),
        Case(source: "landscape_6.jpg", warm: "w=300&fmt=jpeg", query: "w=200&h=200&mode=fill&clip=1&fmt=avif"),
        Case(source: "landscape_4.jpg", warm: "w=320&fmt=jpeg", query: "w=240&orient=right&fmt=webp"),
        Case(
            source: "landscape_4.jpg", warm: "w=700&fmt=jpeg",
            query: "chain=resizable().crop(width:0.5,height:0.5).frame(width:300,height:300)&fmt=png"),
    ]

    static func render(_ renderer: LocalRenderer, _ source: String, _ query: String) throws -> RenderedImage {
        try renderer.render(TransformSpec.parse(source: source, query: query))
    }

    @Test("a render from a kept decode is byte-identical to one that decodes the file", arguments: cases)
    func sameBytes(_ example: Case) throws {
        let directory = SourceDirectory(root: Self.samples.path)
        let decoding = try LocalRenderer(sources: directory)
        let store = DerivedSources(capacity: 64 << 20)
        let keeping = try LocalRenderer(sources: directory, derivedSources: store)

        let warmed = try Self.render(keeping, example.source, example.warm)
        #expect(warmed.bytes == (try Self.render(decoding, example.source, example.warm)).bytes, "the render that kept the decode")
        #expect(store.statistics.entries >= 1)
        let before = store.statistics
        let fromKept = try Self.render(keeping, example.source, example.query)
        #expect(store.statistics.hits > before.hits, "started from the kept decode")
        let fromFile = try Self.render(decoding, example.source, example.query)
        #expect(fromKept.bytes == fromFile.bytes)
        #expect(fromKept.pixelSize == fromFile.pixelSize)
    }

    @Test("only the same reduction is served: a 1/4 decode is not a 1/8 one, which takes its blocks from the kept coefficients instead")
    func sameReductionOnly() throws {
        let store = DerivedSources(capacity: 64 << 20)
        let keeping = try LocalRenderer(sources: SourceDirectory(root: Self.samples.path), derivedSources: store)
        _ = try Self.render(keeping, "landscape_4.jpg", "w=640&fmt=jpeg")  // 1/4: 1008×756, and the file's coefficients
        let pixels = 1009 * 757 * 3
        #expect(store.statistics.entries == 2 && store.statistics.bytes > pixels)
        let coefficients = store.statistics.bytes - pixels
        _ = try Self.render(keeping, "landscape_4.jpg", "w=320&fmt=jpeg")  // 1/8: 504×378
        #expect(
            store.statistics
                == DerivedSources.Statistics(
                    hits: 0, misses: 2, replays: 1, evictions: 0, bytes: pixels + coefficients + 505 * 379 * 3, entries: 3, capacity: 64 << 20))
        _ = try Self.render(keeping, "landscape_4.jpg", "w=800&fmt=jpeg")  // 1/4 again
        #expect(store.statistics.hits == 1)
    }

    /// The first decode at 1/2 keeps the file's coefficients; sizes that decode at 1/4, 1/8 and full
    /// size (fit, fill, a turn) take their blocks from them, and answer the bytes of a renderer that
    /// keeps nothing.
    @Test(
        "a size at another scale decodes from the kept coefficients, with the same bytes",
        arguments: [
            "w=320&fmt=jpeg", "w=640&fmt=webp", "w=400&h=400&mode=fill&clip=1&fmt=jpeg", "w=240&orient=right&fmt=png",
            "w=300&h=300&mode=fill&clip=1&focus=attention&fmt=avif", "w=2560&fmt=jpeg", "w=3000&h=1000&mode=fill&clip=1&fmt=webp",
        ])
    func replayedScales(_ query: String) throws {
        let directory = SourceDirectory(root: Self.samples.path)
        let store = DerivedSources(capacity: 64 << 20)
        let keeping = try LocalRenderer(sources: directory, derivedSources: store)
        _ = try Self.render(keeping, "landscape_4.jpg", "w=1280&fmt=jpeg")  // 1/2
        let fromKept = try Self.render(keeping, "landscape_4.jpg", query)
        #expect(store.statistics.replays == 1)
        #expect(fromKept.bytes == (try Self.render(LocalRenderer(sources: directory), "landscape_4.jpg", query)).bytes)
    }

    @Test("a HEIF/AVIF original's full-size decode is kept: its next size starts from it, with the same bytes")
    func heifOriginal() throws {
        let folder = try SourceFolder()
        let photo = try ImageFile(path: Self.samples.appendingPathComponent("landscape_4.jpg").path).load(
            reduction: .jpegShrink(4), sequential: false)
        try folder.write("photo.avif", bytes: photo.avif(bitDepth: 8))
        let store = DerivedSources(capacity: 64 << 20)
        let keeping = try LocalRenderer(sources: SourceDirectory(root: folder.url.path), derivedSources: store)
        let decoding = try folder.renderer
        for query in ["w=300&fmt=jpeg", "w=500&h=500&mode=fill&clip=1&fmt=webp", "w=200&orient=right&fmt=png"] {
            #expect(try Self.render(keeping, "photo.avif", query).bytes == (try Self.render(decoding, "photo.avif", query)).bytes, "\(query)")
        }
        #expect(
            store.statistics == DerivedSources.Statistics(hits: 2, misses: 1, evictions: 0, bytes: 1008 * 756 * 3, entries: 1, capacity: 64 << 20))
    }

    @Test("the render budget counts the copy a kept HEIF/AVIF decode holds")
    func heifBudget() throws {
        let folder = try SourceFolder()
        let photo = try ImageFile(path: Self.samples.appendingPathComponent("landscape_4.jpg").path).load(
            reduction: .jpegShrink(4), sequential: false)
        try folder.write("photo.avif", bytes: photo.avif(bitDepth: 8))
        let path = folder.url.appendingPathComponent("photo.avif").path
        let decoding = try SourceImage(name: "photo.avif", file: ImageFile(path: path), limits: RenderLimits())
        let keeping = try SourceImage(
            name: "photo.avif", file: ImageFile(path: path), limits: RenderLimits(), derived: (DerivedSources(capacity: 64 << 20), "1"))
        #expect(keeping.heldDecodeBytes(.none) == decoding.heldDecodeBytes(.none) + 1008 * 756 * 3)
        // A decode larger than the store is not kept.
        let tiny = try SourceImage(
            name: "photo.avif", file: ImageFile(path: path), limits: RenderLimits(), derived: (DerivedSources(capacity: 1000), "1"))
        #expect(tiny.derivedKey(for: .none) == nil)
    }

    @Test("the render budget counts the coefficients a decode may keep and a full-size decode made from kept ones")
    func coefficientBudget() throws {
        let path = Self.samples.appendingPathComponent("landscape_4.jpg").path
        let store = DerivedSources(capacity: 128 << 20)
        func source(_ limits: RenderLimits = RenderLimits(), derived: Bool = true) throws -> SourceImage {
            try SourceImage(name: "landscape_4.jpg", file: ImageFile(path: path), limits: limits, derived: derived ? (store, "1") : nil)
        }
        let decoding = try source(derived: false)
        let keeping = try source()
        #expect(decoding.heldDecodeBytes(.none) == 0 && keeping.heldDecodeBytes(.none) == 0, "streamed through libvips")
        #expect(keeping.heldDecodeBytes(.jpegShrink(2)) == decoding.heldDecodeBytes(.jpegShrink(2)) + 4032 * 3024 * 2, "2 bytes a pixel")
        #expect(keeping.heldDecodeBytes(.jpegShrink(8)) == decoding.heldDecodeBytes(.jpegShrink(8)), "a 1/8 decode keeps none")
        var small = RenderLimits()
        small.maxRenderBytes = 24 << 20
        #expect(try source(small).heldDecodeBytes(.jpegShrink(2)) == decoding.heldDecodeBytes(.jpegShrink(2)) + 6 << 20, "a quarter of the budget")
        // Once a decode has kept them, a full-size decode is made whole from them, and counted.
        _ = try keeping.decode(reduction: .jpegShrink(2))
        let later = try source()
        #expect(later.keptCoefficients != nil)
        #expect(later.heldDecodeBytes(.none) == 4032 * 3024 * 3)
        #expect(later.heldDecodeBytes(.jpegShrink(2)) == decoding.heldDecodeBytes(.jpegShrink(2)), "nothing more to keep")
    }

    @Test("a replaced original is decoded again: its version is part of the key")
    func replacedOriginal() throws {
        let folder = try SourceFolder()
        let red = try SourceFolder.image(width: 1600, height: 1200) { _, _ in RGBA(200, 30, 30) }.flattened(onto: [255, 255, 255])
        let blue = try SourceFolder.image(width: 1600, height: 1200) { _, _ in RGBA(30, 30, 200) }.flattened(onto: [255, 255, 255])
        try folder.write("photo.jpg", bytes: red.jpeg(quality: 90))
        let store = DerivedSources(capacity: 64 << 20)
        let keeping = try LocalRenderer(sources: SourceDirectory(root: folder.url.path), derivedSources: store)
        let first = try Bitmap(encoded: Self.render(keeping, "photo.jpg", "w=100&fmt=png").bytes)
        #expect(first[50, 30].r > 150 && first[50, 30].b < 80)
        try folder.write("photo.jpg", bytes: blue.jpeg(quality: 80))
        let second = try Bitmap(encoded: Self.render(keeping, "photo.jpg", "w=100&fmt=png").bytes)
        #expect(second[50, 30].b > 150 && second[50, 30].r < 80)
        #expect(store.statistics.hits == 0 && store.statistics.misses == 2)
    }

    @Test("over its bytes, the store evicts the decode that saved least CPU per byte, and keeps none larger than itself")
    func eviction() throws {
        let image = try SourceFolder.image(width: 10, height: 10) { _, _ in RGBA(0, 0, 0) }
        func key(_ name: String) -> DerivedSources.Key { .init(name: name, version: "1", reduction: .jpegShrink(8)) }
        let store = DerivedSources(capacity: 1000)
        store.keep(image, for: key("cheap"), bytes: 400, cpuMilliseconds: 1)
        store.keep(image, for: key("dear"), bytes: 400, cpuMilliseconds: 10)
        store.keep(image, for: key("new"), bytes: 400, cpuMilliseconds: 5)
        #expect(store.image(for: key("cheap")) == nil)
        #expect(store.image(for: key("dear")) != nil && store.image(for: key("new")) != nil)
        store.keep(image, for: key("huge"), bytes: 1001, cpuMilliseconds: 1000)
        #expect(store.image(for: key("huge")) == nil)
        #expect(store.statistics.evictions == 1 && store.statistics.bytes == 800 && store.statistics.entries == 2)
    }
}
