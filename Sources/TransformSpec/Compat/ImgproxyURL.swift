import CheckedConversion
import Layout

/// imgproxy's URL format (`/{signature}/{options}/plain/{source}@{extension}`, or a base64url source
/// with an optional `.extension`), read into ImageFrame's request. The signature is checked before
/// (`ImgproxySignature`); this reads what comes after it. Every option imgproxy documents is either
/// translated into the SwiftUI tree that draws what imgproxy draws (`CompatLayout`) or refused with a
/// 400 that names it — never dropped.
public enum ImgproxyURL {
    /// Where a source URL points: a name under the root or a configured origin's, or `nil` for a URL
    /// of no configured origin.
    public typealias SourceNamer = @Sendable (String) -> String?

    /// Reads `path` (after the signature, without a leading `/`).
    /// - Parameter sourceName: maps an absolute source URL (`https://…`, `s3://…`) to the source
    ///   name of the configured origin it lies under; `local:///name` and relative names are under the root.
    public static func request(
        _ path: Substring, sourceName: SourceNamer, watermark: String?, presets: PresetTable = .none, limits: SpecLimits = SpecLimits()
    ) throws(SpecError) -> CompatRequest {
        var reader = Reader(watermark: watermark, presets: presets, limits: limits)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var index = 0
        while index < segments.count, segments[index].contains(":") {
            try reader.read(option: segments[index])
            index += 1
        }
        guard index < segments.count, !segments[index].isEmpty else {
            throw .foreignOption(option: "source", message: "an imgproxy URL ends with `plain/<source URL>` or a base64url-encoded source URL")
        }
        let (url, extensionText) = try sourceURL(segments[index...])
        if let extensionText { try reader.format(extensionText, option: "extension") }
        let name = try Self.name(of: url, sourceName: sourceName)
        guard !name.isEmpty, !name.unicodeScalars.contains("\0") else {
            throw .foreignOption(option: "source", message: "imgproxy source `\(url)` names no image")
        }
        return try reader.request(source: name)
    }

    /// The source URL and the extension after `@` (plain) or `.` (base64).
    static func sourceURL(_ segments: ArraySlice<Substring>) throws(SpecError) -> (String, Substring?) {
        if segments.first == "plain" {
            let joined = segments.dropFirst().joined(separator: "/")
            var url = Substring(joined)
            var ext: Substring?
            if let at = url.lastIndex(of: "@") {
                ext = url[url.index(after: at)...]
                url = url[..<at]
            }
            guard let bytes = PercentDecoding.bytes(url, plusAsSpace: false), let decoded = String(validating: bytes, as: UTF8.self), !decoded.isEmpty
            else {
                throw .foreignOption(option: "plain", message: "imgproxy `plain` source must be a percent-encoded UTF-8 URL; got `\(url)`")
            }
            return (decoded, ext)
        }
        var encoded = Substring(segments.joined())
        var ext: Substring?
        if let dot = encoded.lastIndex(of: ".") {
            ext = encoded[encoded.index(after: dot)...]
            encoded = encoded[..<dot]
        }
        guard let bytes = Base64URLText.decode(encoded), let url = String(validating: bytes, as: UTF8.self), !url.isEmpty else {
            throw .foreignOption(option: "source", message: "imgproxy source `\(encoded)` is neither `plain/…` nor base64url-encoded UTF-8")
        }
        return (url, ext)
    }

    /// `local:///a/b.jpg` and `a/b.jpg` are names under the root; absolute URLs must lie under a
    /// configured origin. Requests can never name a URL of their own.
    static func name(of url: String, sourceName: SourceNamer) throws(SpecError) -> String {
        if url.hasPrefix("local:///") { return String(url.dropFirst("local:///".count)) }
        if url.hasPrefix("/") { return String(url.dropFirst()) }
        guard url.contains("://") else { return url }
        guard let name = sourceName(url) else {
            throw .foreignOption(
                option: "source",
                message:
                    "imgproxy source `\(url)` is under no configured origin: ImageFrame fetches only the origins of its configuration (origins = name=base URL)"
            )
        }
        return name
    }

    /// The options read so far, as a layout and native renderer options.
    struct Reader {
        let watermark: String?
        let presets: PresetTable
        let limits: SpecLimits
        var layout = CompatLayout()
        var resizingType = "fit"
        var options: [String: String] = [:]
        var download: (name: String?, attachment: Bool) = (nil, false)
        var expires: Int?
        var stripMetadata: Bool?
        var keepCopyright: Bool?
        var gravity: Gravity?
        var extendGravity: Alignment?
        var extend = false
        var rotation = 0
        var dpr = 1.0
        var presetOptions: [QueryParameters.Pair] = []

        init(watermark: String?, presets: PresetTable, limits: SpecLimits) {
            self.watermark = watermark
            self.presets = presets
            self.limits = limits
            layout.enlarges = false
        }

        /// Where a crop sits: an alignment, smart, or a focus point.
        enum Gravity {
            case alignment(Alignment)
            case focus(ImageFocus)
        }

        mutating func read(option segment: Substring) throws(SpecError) {
            let parts = segment.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(parts[0])
            let arguments = ForeignArguments(system: "imgproxy", option: name, values: Array(parts.dropFirst()), numbers: limits.numbers)
            switch name {
            case "resize", "rs":
                try arguments.atMost(5)
                if let type = arguments[0] { resizingType = try Self.resizingType(type, arguments) }
                try size(arguments, from: 1)
            case "size", "s":
                try arguments.atMost(4)
                try size(arguments, from: 0)
            case "resizing_type", "rt":
                try arguments.atMost(1)
                resizingType = try Self.resizingType(arguments[0] ?? "", arguments)
            case "width", "w": layout.width = try side(arguments, 0)
            case "height", "h": layout.height = try side(arguments, 0)
            case "enlarge", "el": layout.enlarges = try arguments.flag(0) ?? false
            case "extend", "ex":
                extend = try arguments.flag(0) ?? false
                if arguments.values.count > 1 { extendGravity = try Self.alignment(Self.gravity(arguments, from: 1)) }
            case "gravity", "g": gravity = try Self.gravity(arguments, from: 0)
            case "dpr": dpr = try arguments.number(0, in: 1...limits.maxScale, "the device pixel ratio") ?? 1
            case "crop", "c":
                try arguments.atMost(5)
                let width = try arguments.number(0, in: 0...limits.numbers.largestMagnitude, "the crop width") ?? 0
                let height = try arguments.number(1, in: 0...limits.numbers.largestMagnitude, "the crop height") ?? 0
                var alignment = Alignment.center
                if arguments.values.count > 2 {
                    guard case .alignment(let placed) = try Self.gravity(arguments, from: 2) else {
                        throw arguments.fail("a crop sits at an edge or the centre; `sm` and `fp` have no equivalent for it")
                    }
                    alignment = placed
                }
                layout.crop = width == 0 && height == 0 ? nil : ImageCrop(width: width, height: height, alignment: alignment)
            case "trim", "t":
                try arguments.atMost(4)
                if arguments[2] != nil || arguments[3] != nil {
                    throw arguments.fail("`equal_hor`/`equal_ver` have no equivalent: ImageFrame trims each side by its own border")
                }
                let color = try arguments[1].map { text throws(SpecError) in
                    guard let color = ColorText.hex(String(text)) else { throw arguments.fail("the colour must be hex `rrggbb`; got `\(text)`") }
                    return color
                }
                layout.trim = ImageTrim(threshold: try arguments.number(0, in: 0...255, "the threshold") ?? ImageTrim.defaultThreshold, color: color)
            case "padding", "pd": layout.padding = try Self.padding(arguments)
            case "rotate", "rot":
                guard let degrees = try arguments.number(0, in: -360...360, "the angle"), degrees.rounded() == degrees,
                    Int(saturating: degrees) % 90 == 0
                else {
                    throw arguments.fail("the angle must be a multiple of 90")
                }
                rotation = Int(saturating: degrees)
            case "background", "bg": layout.background = try Self.color(arguments)
            case "blur", "bl": layout.blur = try arguments.number(0, in: 0...limits.maxBlurRadius, "the blur's sigma").flatMap { $0 > 0 ? $0 : nil }
            case "sharpen", "sh":
                layout.sharpen = try arguments.number(0, in: 0...ColorEffect.sharpenSigmas.upperBound, "the sharpen sigma").flatMap {
                    $0 > 0 ? max($0, ColorEffect.sharpenSigmas.lowerBound) : nil
                }
            case "quality", "q":
                if let quality = try arguments.number(0, in: 0...100, "the quality"), quality > 0 {
                    options["q"] = NumberText.format(quality.rounded())
                }
            case "format_quality", "fq": options["q"] = try Self.formatQuality(arguments)
            case "format", "f", "ext": try format(arguments[0] ?? "", option: name)
            case "max_bytes", "mb":
                if let bytes = try arguments.number(0, in: 0...Double(limits.maxByteBudget), "the byte budget"), bytes > 0 {
                    options["maxbytes"] = NumberText.format(bytes.rounded())
                }
            case "watermark", "wm": layout.watermark = try watermark(arguments)
            case "strip_metadata", "sm": stripMetadata = try arguments.flag(0)
            case "keep_copyright", "kcr": keepCopyright = try arguments.flag(0)
            case "cachebuster", "cb": options["v"] = arguments[0].map(String.init)
            case "expires", "exp":
                guard let text = arguments[0], let time = Int(text) else { throw arguments.fail("expects a Unix time in seconds") }
                expires = time
            case "filename", "fn": download.name = arguments[0].map { String($0) }
            case "return_attachment", "att": download.attachment = try arguments.flag(0) ?? false
            case "preset", "pr":
                for name in arguments.values where !name.isEmpty { try preset(String(name), arguments) }
            case "raw":
                throw arguments.fail("streaming the source unprocessed has no equivalent: ask /img/<name> without parameters")
            default:
                throw .foreignOption(
                    option: name, message: "imgproxy option `\(name)` has no equivalent in ImageFrame (docs/migrating.md lists what does)")
            }
        }

        /// `resize`'s and `size`'s width, height, enlarge and extend from argument `start`.
        mutating func size(_ arguments: ForeignArguments, from start: Int) throws(SpecError) {
            if arguments[start] != nil { layout.width = try side(arguments, start) }
            if arguments[start + 1] != nil { layout.height = try side(arguments, start + 1) }
            if let enlarge = try arguments.flag(start + 2) { layout.enlarges = enlarge }
            if let extend = try arguments.flag(start + 3) { self.extend = extend }
        }

        /// A side in pixels at dpr 1; 0 leaves it to the image's shape.
        func side(_ arguments: ForeignArguments, _ index: Int) throws(SpecError) -> Double? {
            guard let value = try arguments.number(index, in: 0...limits.numbers.largestMagnitude, "a side") else { return nil }
            return value == 0 ? nil : value.rounded()
        }

        static func resizingType(_ text: Substring, _ arguments: ForeignArguments) throws(SpecError) -> String {
            let types = ["fit", "fill", "fill-down", "force", "auto"]
            guard types.contains(String(text)) else {
                throw arguments.fail("the resizing type must be one of \(types.joined(separator: ", ")); got `\(text)`")
            }
            return String(text)
        }

        static let gravities: [String: Alignment] = [
            "no": .top, "so": .bottom, "ea": .trailing, "we": .leading, "noea": .topTrailing, "nowe": .topLeading,
            "soea": .bottomTrailing, "sowe": .bottomLeading, "ce": .center,
        ]

        static func gravity(_ arguments: ForeignArguments, from start: Int) throws(SpecError) -> Gravity {
            let type = arguments[start] ?? "ce"
            if type == "sm" { return .focus(.content(.attention)) }
            if type == "fp" {
                guard let x = try arguments.number(start + 1, in: 0...1, "the focus x"),
                    let y = try arguments.number(start + 2, in: 0...1, "the focus y")
                else {
                    throw arguments.fail("`fp` takes x and y in fractions 0–1: `g:fp:0.3:0.7`")
                }
                return .focus(.point(x: x, y: y))
            }
            guard let alignment = gravities[String(type)] else {
                throw arguments.fail("the gravity must be one of \(gravities.keys.sorted().joined(separator: ", ")), sm or fp:x:y; got `\(type)`")
            }
            for index in [start + 1, start + 2] where try arguments.number(index, in: -1e6...1e6, "an offset") ?? 0 != 0 {
                throw arguments.fail(
                    "gravity offsets have no equivalent: a crop sits at an edge, the centre, a focus point (`fp`) or what `sm` finds")
            }
            return .alignment(alignment)
        }

        static func alignment(_ gravity: Gravity) -> Alignment {
            if case .alignment(let alignment) = gravity { return alignment }
            return .center
        }

        /// imgproxy's CSS order (top, right, bottom, left; 1 to 4 values) as SwiftUI's insets.
        static func padding(_ arguments: ForeignArguments) throws(SpecError) -> EdgeInsets {
            try arguments.atMost(4)
            var values: [Double] = []
            for index in arguments.values.indices { values.append(try arguments.number(index, in: 0...1e6, "a padding") ?? 0) }
            let top = values.first ?? 0
            let right = values.count > 1 ? values[1] : top
            let bottom = values.count > 2 ? values[2] : top
            let left = values.count > 3 ? values[3] : right
            return EdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
        }

        /// `bg:rrggbb` or `bg:r:g:b`.
        static func color(_ arguments: ForeignArguments) throws(SpecError) -> RGBAColor {
            if arguments.values.count == 1, let text = arguments[0], let color = ColorText.hex(String(text)) { return color }
            if arguments.values.count == 3 {
                var channels: [Double] = []
                for index in 0..<3 { channels.append((try arguments.number(index, in: 0...255, "a colour channel") ?? 0) / 255) }
                return RGBAColor(red: channels[0], green: channels[1], blue: channels[2])
            }
            throw arguments.fail("the colour is `rrggbb` or `r:g:b` (0–255 each)")
        }

        /// `fq:jpeg:70:webp:60` as the native `q=jpeg:70,webp:60`.
        static func formatQuality(_ arguments: ForeignArguments) throws(SpecError) -> String {
            guard arguments.values.count % 2 == 0, !arguments.values.isEmpty else {
                throw arguments.fail("takes format and quality pairs: `fq:jpeg:70:webp:60`")
            }
            var parts: [String] = []
            for index in stride(from: 0, to: arguments.values.count, by: 2) {
                guard let quality = try arguments.number(index + 1, in: 1...100, "a quality") else { continue }
                parts.append("\(arguments.values[index]):\(NumberText.format(quality.rounded()))")
            }
            return parts.joined(separator: ",")
        }

        mutating func format(_ text: Substring, option: String) throws(SpecError) {
            let known = ["jpg": "jpeg", "jpeg": "jpeg", "png": "png", "webp": "webp", "avif": "avif", "gif": "gif", "jxl": "jxl", "pdf": "pdf"]
            guard !text.isEmpty else { return }
            guard let format = known[text.lowercased()] else {
                throw .foreignOption(
                    option: option, message: "imgproxy format `\(text)` has no equivalent; ImageFrame writes jpg, png, webp, avif, gif, jxl and pdf")
            }
            options["fmt"] = format
        }

        /// `wm:opacity:position:x:y:scale` with the configured watermark image.
        func watermark(_ arguments: ForeignArguments) throws(SpecError) -> CompatLayout.Watermark? {
            let opacity = try arguments.number(0, in: 0...1, "the opacity") ?? 1
            guard opacity > 0 else { return nil }
            guard let watermark else { throw arguments.fail("this server has no watermark image (compat.imgproxy.watermark)") }
            let position = arguments[1] ?? "ce"
            guard position != "re", position != "ch" else { throw arguments.fail("a replicated watermark has no equivalent") }
            guard let alignment = Self.gravities[String(position)] else {
                throw arguments.fail("the position must be one of \(Self.gravities.keys.sorted().joined(separator: ", ")); got `\(position)`")
            }
            if try arguments.number(4, in: 0...1, "the scale") ?? 0 != 0 {
                throw arguments.fail("a watermark scaled to the result has no equivalent: it is drawn at its own size")
            }
            let x = try arguments.number(2, in: -1e6...1e6, "the x offset") ?? 0
            let y = try arguments.number(3, in: -1e6...1e6, "the y offset") ?? 0
            guard x >= 0, y >= 0 else { throw arguments.fail("offsets are distances from the edges the position names, ≥ 0") }
            let insets = EdgeInsets(
                top: alignment.verticalFraction == 0 ? y : 0, leading: alignment.horizontalFraction == 0 ? x : 0,
                bottom: alignment.verticalFraction == 1 ? y : 0, trailing: alignment.horizontalFraction == 1 ? x : 0)
            return CompatLayout.Watermark(source: watermark, alignment: alignment, opacity: opacity, insets: insets)
        }

        /// An ImageFrame preset of renderer options (`fmt`, `q`, …): imgproxy's presets are named
        /// option lists; ImageFrame's hold native parameters, and here only those a layout does not own.
        mutating func preset(_ name: String, _ arguments: ForeignArguments) throws(SpecError) {
            guard let preset = presets[name] else {
                throw arguments.fail(
                    "no preset `\(name)` is defined (presets in the configuration: \(presets.names.isEmpty ? "none" : presets.names.joined(separator: ", ")))"
                )
            }
            for pair in preset.pairs {
                guard QueryParameters.rendererOptions.contains(pair.key) else {
                    throw arguments.fail(
                        "preset `\(name)` sets `\(pair.key)`; with an imgproxy URL a preset may hold only renderer options (\(QueryParameters.rendererOptions.joined(separator: ", ")))"
                    )
                }
                presetOptions.append(pair)
            }
        }

        /// The request, once every option is read.
        mutating func request(source: String) throws(SpecError) -> CompatRequest {
            try resolveResize()
            try applyDevicePixelRatio()
            if options["fmt"] == nil, !presetOptions.contains(where: { $0.key == "fmt" }),
                let format = sourceFormat(of: source, keeping: ["jpeg", "png", "gif"])
            {
                options["fmt"] = format
            }
            var pairs = presetOptions.filter { options[$0.key] == nil }
            pairs += options.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            // imgproxy turns the image its EXIF tag made upright, before sizing it: `turn`.
            if rotation != 0 { pairs.append(("turn", String((rotation % 360 + 360) % 360))) }
            // imgproxy strips metadata and keeps the copyright by default, as ImageFrame does (`meta=copyright`).
            if stripMetadata == false {
                pairs.append(("meta", "all"))
            } else if keepCopyright == false {
                pairs.append(("meta", "none"))
            }
            var request = try CompatRequest(source: source, layout: layout, options: pairs, limits: limits)
            request.expires = expires
            if download.attachment {
                request.download = download.name ?? "1"
            } else if download.name != nil {
                throw .foreignOption(
                    option: "filename",
                    message: "imgproxy `filename` without `return_attachment:1`: ImageFrame names the file of an attachment only; add `att:1`")
            }
            return request
        }

        /// imgproxy multiplies the box, padding and blur by `dpr`, but never enlarges past the image
        /// with `el:0`: the box is asked in pixels, so the image's own size caps it; with `el:1` the
        /// whole result is rendered at that scale.
        mutating func applyDevicePixelRatio() throws(SpecError) {
            guard dpr != 1 else { return }
            if layout.enlarges {
                options["scale"] = NumberText.format(dpr)
                return
            }
            // Without a box nothing is resized, and imgproxy lowers the ratio to 1.
            guard layout.resize != .none else { return }
            layout.width = layout.width.map { $0 * dpr }
            layout.height = layout.height.map { $0 * dpr }
            layout.padding = layout.padding.map {
                EdgeInsets(top: $0.top * dpr, leading: $0.leading * dpr, bottom: $0.bottom * dpr, trailing: $0.trailing * dpr)
            }
            layout.blur = layout.blur.map { $0 * dpr }
            let largest = limits.numbers.largestMagnitude
            let lengths = [
                layout.width, layout.height, layout.padding?.top, layout.padding?.leading, layout.padding?.bottom, layout.padding?.trailing,
            ]
            guard lengths.allSatisfy({ ($0 ?? 0) <= largest }), (layout.blur ?? 0) <= limits.maxBlurRadius else {
                let bounds = "\(NumberText.format(largest)) points, blur \(NumberText.format(limits.maxBlurRadius))"
                throw .foreignOption(
                    option: "dpr", message: "imgproxy `dpr`: the box, padding or blur times dpr is past ImageFrame's limits (\(bounds))")
            }
        }

        /// The resizing type, gravity and extend as one `CompatLayout.Resize`.
        mutating func resolveResize() throws(SpecError) {
            if layout.crop != nil, layout.trim != nil {
                throw .foreignOption(
                    option: "crop", message: "imgproxy `crop` together with `trim` has no equivalent: ImageFrame trims or crops an image, not both")
            }
            if let gravity {
                switch gravity {
                case .alignment(let alignment): layout.alignment = alignment
                case .focus(let focus): layout.focus = focus
                }
            }
            if extend { layout.extend = extendGravity ?? Self.alignment(gravity ?? .alignment(.center)) }
            guard layout.width != nil || layout.height != nil else {
                layout.resize = .none
                layout.focus = nil
                return
            }
            switch resizingType {
            case "fill": layout.resize = .fill
            case "fill-down": layout.resize = layout.enlarges ? .fill : .fillDown
            case "force": layout.resize = .force
            case "auto" where layout.width == nil || layout.height == nil: layout.resize = .fit
            case "auto":
                throw .foreignOption(
                    option: "resizing_type",
                    message:
                        "imgproxy `auto` with both sides picks fill or fit by the source's orientation, which ImageFrame does not switch on; ask fit or fill"
                )
            default: layout.resize = .fit
            }
            // A focus only chooses what a crop keeps; imgproxy ignores gravity where nothing is cut.
            if layout.resize != .fill && layout.resize != .fillDown || layout.width == nil || layout.height == nil { layout.focus = nil }
        }
    }
}
