import Layout
import Testing
import TransformSpec

/// `png`, `dither`, `chroma`, `lossless`, `progressive`, `meta` and `sharpen` as parsed: their values,
/// their canonical text, and the requests they are refused in.
@Suite("encoder settings and sharpen")
struct EncoderSettingsSpecTests {
    private func spec(_ query: String) throws -> TransformSpec {
        try TransformSpec.parse(source: "a.jpg", query: query)
    }

    @Test("defaults: no palette, dither 1, libvips's chroma, lossy, the server's progressive, the copyright kept")
    func defaults() throws {
        let settings = try spec("w=10").encoder
        #expect(settings == .default)
        #expect(settings.paletteColors == nil && settings.dither == 1 && settings.chroma == nil)
        #expect(!settings.lossless && settings.progressive == nil && settings.metadata == .copyright)
        #expect(try spec("w=10").renderRequest.encoder == .default)
    }

    @Test(
        "each value parses to its setting and prints back",
        arguments: [
            ("png=palette", "png=palette"), ("png=palette:256", "png=palette"), ("png=palette:16", "png=palette:16"),
            ("png=palette:2&dither=0", "png=palette:2&dither=0"), ("png=palette&dither=0.25", "png=palette&dither=0.25"),
            ("chroma=444", "chroma=444"), ("chroma=420", "chroma=420"), ("lossless=1", "lossless=1"), ("lossless=on", "lossless=1"),
            ("progressive=1", "progressive=1"), ("progressive=false", "progressive=0"), ("meta=all", "meta=all"), ("meta=none", "meta=none"),
            ("fmt=gif&dither=0.5", "fmt=gif&dither=0.5"),
        ])
    func canonicalText(_ query: String, _ expected: String) throws {
        let parsed = try spec(query)
        #expect(parsed.canonicalForm.hasSuffix(expected), "\(parsed.canonicalForm)")
        let again = try spec(String(parsed.canonicalForm.drop { $0 != "&" }.dropFirst()))
        #expect(again.encoder == parsed.encoder)
    }

    @Test("palette sizes are PNG's: 2, 4, 16 and 256 colours, with their index depths")
    func paletteDepth() throws {
        for (colors, depth) in [(2, 1), (4, 2), (16, 4), (256, 8)] {
            #expect(try spec("png=palette:\(colors)").encoder.paletteBitDepth == depth)
        }
        #expect(try spec("w=1").encoder.paletteBitDepth == nil)
    }

    @Test("defaults spelled out are left out of the canonical form", arguments: ["meta=copyright", "lossless=0", "png=palette&dither=1"])
    func defaultsOmitted(_ query: String) throws {
        let form = try spec("w=10&" + query).canonicalForm
        #expect(!form.contains("meta") && !form.contains("lossless") && !form.contains("dither"), "\(form)")
    }

    @Test(
        "settings that cannot apply to a fixed format are refused with what to do",
        arguments: [
            ("fmt=jpeg&png=palette", "png"), ("fmt=webp&png=palette:16", "png"), ("fmt=png&lossless=1", "lossless"),
            ("fmt=jpeg&lossless=1", "lossless"),
            ("fmt=gif&lossless=1", "lossless"), ("fmt=webp&chroma=444", "chroma"), ("fmt=png&chroma=420", "chroma"), ("fmt=jxl&chroma=444", "chroma"),
            ("fmt=webp&progressive=1", "progressive"), ("fmt=avif&progressive=0", "progressive"), ("dither=0", "dither"),
            ("fmt=png&dither=0.5", "dither"),
            ("png=palette&colormode=extendedLinear", "png"), ("fmt=webp&lossless=1&maxbytes=5000", "lossless"),
        ])
    func conflicts(_ query: String, _ param: String) throws {
        #expect {
            try spec(query)
        } throws: { error in
            guard let error = error as? SpecError, case .conflict(let p, let message) = error else { return false }
            return p == param && message.contains(param)
        }
    }

    @Test("fmt=auto accepts every setting", arguments: ["png=palette", "lossless=1", "chroma=444", "progressive=1", "meta=none"])
    func autoAccepts(_ query: String) throws {
        #expect(try spec(query).format == .auto)
    }

    @Test(
        "settings a format has are accepted with it",
        arguments: [
            "fmt=png&png=palette:4", "fmt=webp&lossless=1", "fmt=avif&lossless=1", "fmt=jxl&lossless=1", "fmt=jpeg&chroma=444",
            "fmt=avif&chroma=420", "fmt=jpeg&progressive=1", "fmt=png&progressive=1", "fmt=pdf&meta=none",
        ])
    func accepted(_ query: String) throws {
        _ = try spec(query)
    }

    @Test(
        "wrong values say what is allowed",
        arguments: [
            ("png=palette:3", "2, 4, 16, 256"), ("png=palette:300", "2, 4, 16, 256"), ("png=rgba", "palette"), ("png=palette:", "palette:N"),
            ("chroma=422", "one of 444, 420"), ("meta=gps", "one of copyright, all, none"), ("progressive=2", "`0` or `1`"),
            ("png=palette&dither=1.5", "from 0 to 1"), ("sharpen=0.01", "from 0.1 to 10"), ("sharpen=x", "from 0.1 to 10"),
        ])
    func invalid(_ query: String, _ text: String) throws {
        #expect {
            try spec(query)
        } throws: { error in
            guard let error = error as? SpecError else { return false }
            return error.description.contains(text)
        }
    }

    @Test("sharpen compiles to .sharpened after the frame, and prints back")
    func sharpen() throws {
        let sugar = try spec("w=300&sharpen=0.8")
        #expect(sugar.canonicalChain.hasSuffix(".frame(width:300).sharpened(0.8)"), "\(sugar.canonicalChain)")
        let chain = try spec("chain=" + sugar.canonicalChain)
        #expect(chain.view == sugar.view)
        guard case .effect(_, .color(.sharpen(let sigma))) = sugar.view else {
            Issue.record("not a sharpen effect: \(sugar.view)")
            return
        }
        #expect(sigma == 0.8)
    }

    @Test("sharpened takes one sigma from 0.1 to 10 pixels", arguments: ["sharpened(0.05)", "sharpened(11)", "sharpened()", "sharpened(sigma:1)"])
    func sharpenedArguments(_ modifier: String) throws {
        #expect(throws: SpecError.self) { try spec("chain=resizable()." + modifier) }
    }
}
