import CheckedConversion
import Layout

extension EncoderSettings {
    /// Reads `png`, `dither`, `chroma`, `lossless`, `progressive` and `meta`. A setting that cannot
    /// apply to a fixed `format` is refused, as `page` is; with `fmt=auto` each applies when the
    /// chosen format has it (`lossless=1` to WebP, AVIF and JPEG XL, and so on) and is ignored by the
    /// others, so one URL serves every client.
    static func parse(_ values: SugarValues, format: FormatRequest, colorMode: ColorRenderingMode, maxBytes: Int?) throws(SpecError)
        -> EncoderSettings
    {
        var settings = EncoderSettings.default
        settings.paletteColors = try paletteColors(values)
        if let dither = try values.number("dither", in: 0...1) {
            guard settings.paletteColors != nil || format == .fixed(.gif) else {
                throw .conflict(
                    param: "dither", message: "`dither` sets the palette quantiser's dithering; add png=palette (or use fmt=gif), or remove dither")
            }
            settings.dither = dither
        }
        settings.chroma = try values.choice("chroma", ChromaSubsampling.self)
        settings.lossless = try values.flag("lossless") ?? false
        settings.progressive = try values.flag("progressive")
        settings.metadata = try values.choice("meta", MetadataPolicy.self) ?? .copyright

        if settings.paletteColors != nil {
            try require("png", in: [.png], format: format, what: "`png=palette` writes a palette PNG")
            if colorMode == .extendedLinear {
                throw .conflict(
                    param: "png", message: "`png=palette` writes 8-bit palette indices and colormode=extendedLinear 16-bit samples; remove one")
            }
        }
        if settings.chroma != nil {
            try require("chroma", in: ChromaSubsampling.formats, format: format, what: "`chroma` sets JPEG and AVIF chroma subsampling")
        }
        if settings.lossless {
            try require("lossless", in: losslessFormats, format: format, what: "`lossless=1` writes WebP, AVIF and JPEG XL losslessly")
            if maxBytes != nil {
                throw .conflict(
                    param: "lossless", message: "`maxbytes` lowers a lossy quality to fit and a lossless image has none; remove maxbytes or lossless")
            }
        }
        if settings.progressive != nil {
            try require("progressive", in: progressiveFormats, format: format, what: "`progressive` writes progressive JPEG and interlaced PNG")
        }
        return settings
    }

    /// `palette` (256 colours) or `palette:N`.
    private static func paletteColors(_ values: SugarValues) throws(SpecError) -> Int? {
        guard let text = values.query["png"] else { return nil }
        let sizes = paletteSizes.map(String.init)
        let expected =
            "`palette` (at most \(defaultPaletteColors) colours) or `palette:N` with N one of \(sizes.joined(separator: ", ")) (PNG's palette sizes)"
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0] == "palette" else { throw values.invalid("png", expected, allowed: ["palette"] + sizes.map { "palette:\($0)" }) }
        guard parts.count == 2 else { return defaultPaletteColors }
        guard let colors = Int(parts[1]), paletteSizes.contains(colors) else {
            throw .invalidValue(param: "png", value: text, expected: expected)
        }
        return colors
    }

    /// Refuses `key` when `format` is fixed to one outside `formats`.
    private static func require(_ key: String, in formats: [ImageFormat], format: FormatRequest, what: String) throws(SpecError) {
        guard let fixed = format.fixedFormat, !formats.contains(fixed) else { return }
        let names = formats.map(\.rawValue).joined(separator: ", ")
        throw .conflict(
            param: key,
            message:
                "\(what) and does not apply to fmt=\(fixed.rawValue): use fmt=\(formats[0].rawValue) (or one of \(names), or auto), or remove \(key)")
    }

    /// The settings' part of the canonical form, `nil` at every default: `png=palette[:N]`,
    /// `dither`, `chroma`, `lossless=1`, `progressive=0|1`, `meta`.
    public var canonicalText: String? {
        var parts: [String] = []
        if let paletteColors {
            parts.append(paletteColors == Self.defaultPaletteColors ? "png=palette" : "png=palette:\(paletteColors)")
        }
        if dither != Self.default.dither { parts.append("dither=" + NumberText.format(dither)) }
        if let chroma { parts.append("chroma=" + chroma.rawValue) }
        if lossless { parts.append("lossless=1") }
        if let progressive { parts.append("progressive=" + (progressive ? "1" : "0")) }
        if metadata != Self.default.metadata { parts.append("meta=" + metadata.rawValue) }
        return parts.isEmpty ? nil : parts.joined(separator: "&")
    }
}
