import CheckedConversion
import Layout

/// thumbor's URL format (`/{unsafe|signature}/[trim/][AxB:CxD/][fit-in/][-]Wx[-]H/[halign/][valign/][smart/][filters:…/]image`),
/// read into ImageFrame's request. The signature is checked before (`ThumborSignature`); this reads
/// what comes after it, in the order thumbor's own URL pattern does. What thumbor does that
/// ImageFrame cannot is a 400 naming it.
public enum ThumborURL {
    /// Reads `path` (after the signature, without a leading `/`).
    public static func request(_ path: Substring, limits: SpecLimits = SpecLimits()) throws(SpecError) -> CompatRequest {
        var reader = Reader(rest: path, limits: limits)
        return try reader.read()
    }

    struct Reader {
        var rest: Substring
        let limits: SpecLimits
        var layout = CompatLayout()
        var options: [String: String] = [:]
        var turn = 0
        var halign = "center"
        var valign = "middle"
        var fitIn: Substring?
        var upscale: Bool?
        /// `focal(…)` points: centre in pixels of the upright source and weight (the rect's area).
        var focalPoints: [(x: Double, y: Double, weight: Double)] = []

        init(rest: Substring, limits: SpecLimits) {
            self.rest = rest
            self.limits = limits
        }

        func fail(_ option: String, _ message: String) -> SpecError {
            .foreignOption(option: option, message: "thumbor `\(option)`: \(message)")
        }

        /// The next segment if `accepts` takes it, consumed.
        mutating func segment(where accepts: (Substring) -> Bool) -> Substring? {
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            let segment = rest[..<end]
            guard end < rest.endIndex, accepts(segment) else { return nil }
            rest = rest[rest.index(after: end)...]
            return segment
        }

        mutating func read() throws(SpecError) -> CompatRequest {
            if segment(where: { $0 == "debug" }) != nil { throw fail("debug", "drawing the focal points has no equivalent") }
            if segment(where: { $0 == "meta" }) != nil {
                throw fail("meta", "the JSON of operations has no equivalent; ImageFrame's /info/ describes a source")
            }
            if let trim = segment(where: { $0 == "trim" || $0.hasPrefix("trim:") }) { try self.trim(trim) }
            if let crop = segment(where: Self.isCrop) { try manualCrop(crop) }
            fitIn = segment(where: { ["fit-in", "adaptive-fit-in", "full-fit-in", "adaptive-full-fit-in"].contains($0) })
            if let dimensions = segment(where: { $0.contains("x") && $0.allSatisfy { "0123456789x-orig".contains($0) } }) {
                try self.dimensions(dimensions)
            }
            if let h = segment(where: { ["left", "right", "center"].contains($0) }) { halign = String(h) }
            if let v = segment(where: { ["top", "bottom", "middle"].contains($0) }) { valign = String(v) }
            if segment(where: { $0 == "smart" }) != nil { layout.focus = .content(.attention) }
            // As thumbor's pattern reads them: up to the first `)/`.
            if rest.hasPrefix("filters:"), let close = rest.indices.first(where: { rest[$0] == ")" && rest[rest.index(after: $0)...].first == "/" }) {
                let filters = rest[rest.index(rest.startIndex, offsetBy: "filters:".count)...close]
                rest = rest[rest.index(close, offsetBy: 2)...]
                for filter in try Self.split(filters) { try self.filter(filter) }
            }
            guard !rest.isEmpty else { throw fail("image", "the URL names no image") }
            guard let bytes = PercentDecoding.bytes(rest, plusAsSpace: false), let source = String(validating: bytes, as: UTF8.self), !source.isEmpty,
                !source.unicodeScalars.contains("\0")
            else {
                throw fail("image", "the image path must be percent-encoded UTF-8")
            }
            guard !source.contains("://") else {
                throw fail(
                    "image",
                    "`\(source)` is a URL: ImageFrame reads sources under its root and configured origins by name (origin/path), never a URL of the request's own"
                )
            }
            try resolve()
            if options["fmt"] == nil, let format = sourceFormat(of: source, keeping: ["jpeg", "png", "gif", "webp"]) { options["fmt"] = format }
            return try CompatRequest(
                source: source, layout: layout, options: options.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, limits: limits)
        }

        static func isCrop(_ segment: Substring) -> Bool {
            let corners = segment.split(separator: ":", omittingEmptySubsequences: false)
            return corners.count == 2
                && corners.allSatisfy { corner in
                    let sides = corner.split(separator: "x", omittingEmptySubsequences: false)
                    return sides.count == 2 && sides.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
                }
        }

        /// `left x top : right x bottom` in pixels of the upright source; an empty window is no crop, as in thumbor.
        mutating func manualCrop(_ segment: Substring) throws(SpecError) {
            let numbers = segment.split(whereSeparator: { $0 == "x" || $0 == ":" }).compactMap { limits.numbers.number($0) }
            guard numbers.count == 4 else { throw fail("crop", "expected `AxB:CxD` in pixels; got `\(segment)`") }
            let (left, top, right, bottom) = (numbers[0], numbers[1], numbers[2], numbers[3])
            guard right > left, bottom > top else { return }
            guard layout.trim == nil else {
                throw fail("crop", "a manual crop together with `trim` has no equivalent: ImageFrame trims or crops an image, not both")
            }
            layout.crop = ImageCrop(width: right - left, height: bottom - top, origin: Point(x: left, y: top))
        }

        mutating func trim(_ segment: Substring) throws(SpecError) {
            var threshold = 0.0
            for part in segment.split(separator: ":").dropFirst() {
                if part == "top-left" { continue }
                if part == "bottom-right" {
                    throw fail("trim", "trimming by the bottom-right pixel's colour has no equivalent; ImageFrame compares with the top-left one")
                }
                guard let value = Double(part), (0...442).contains(value) else { throw fail("trim", "the tolerance must be a number; got `\(part)`") }
                threshold = min(value, 255)
            }
            layout.trim = ImageTrim(threshold: threshold)
        }

        mutating func dimensions(_ segment: Substring) throws(SpecError) {
            let sides = segment.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2 else { throw fail("size", "expected `WxH`; got `\(segment)`") }
            func side(_ text: Substring) throws(SpecError) -> (Double?, Bool) {
                let flipped = text.hasPrefix("-")
                let digits = flipped ? text.dropFirst() : text
                if digits.isEmpty { return (nil, flipped) }
                if digits == "orig" { throw fail("size", "`orig` has no equivalent: leave the side out (0) to keep the image's shape") }
                guard let value = limits.numbers.number(digits), value >= 0 else { throw fail("size", "`\(text)` is not a size in pixels") }
                return (value == 0 ? nil : value, flipped)
            }
            (layout.width, layout.flips.horizontal) = try side(sides[0])
            (layout.height, layout.flips.vertical) = try side(sides[1])
        }

        /// `name(a,b),name2()` split at the commas between filters (arguments may hold commas).
        static func split(_ text: Substring) throws(SpecError) -> [(name: String, arguments: [Substring])] {
            var filters: [(String, [Substring])] = []
            var rest = text
            while !rest.isEmpty {
                guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else {
                    throw .foreignOption(option: "filters", message: "thumbor `filters`: expected `name(arguments)`; got `\(rest)`")
                }
                let name = String(rest[..<open])
                let inside = rest[rest.index(after: open)..<close]
                let arguments = inside.split(separator: ",", omittingEmptySubsequences: false).map { Substring($0.trimmingSpaces) }
                filters.append((name, inside.isEmpty ? [] : arguments))
                rest = rest[rest.index(after: close)...]
                if rest.first == ":" { rest = rest.dropFirst() }
            }
            return filters
        }

        mutating func filter(_ filter: (name: String, arguments: [Substring])) throws(SpecError) {
            let arguments = ForeignArguments(system: "thumbor", option: filter.name, values: filter.arguments, numbers: limits.numbers)
            switch filter.name {
            case "quality":
                if let quality = try arguments.number(0, in: 0...100, "the quality"), quality > 0 {
                    options["q"] = NumberText.format(quality.rounded())
                }
            case "format":
                let formats = ["jpeg": "jpeg", "jpg": "jpeg", "png": "png", "webp": "webp", "gif": "gif", "avif": "avif"]
                guard let format = arguments[0].flatMap({ formats[$0.lowercased()] }) else {
                    throw arguments.fail("the format must be one of jpeg, png, webp, gif, avif")
                }
                options["fmt"] = format
            case "blur":
                let radius = try arguments.number(0, in: 0...limits.maxBlurRadius, "the radius") ?? 0
                let sigma = try arguments.number(1, in: 0...limits.maxBlurRadius, "the sigma") ?? 0
                layout.blur = radius >= 1 ? Self.effectiveSigma(radius: radius.rounded(), sigma: sigma > 0 ? sigma : radius) : nil
            case "fill":
                guard let text = arguments[0], let color = Self.color(text) else {
                    throw arguments.fail(
                        "the colour must be a name or hex (`fill(white)`, `fill(ff0000)`); `auto`, `blur` and `transparent` have no equivalent")
                }
                if fitIn != nil {
                    layout.extend = .center
                    layout.background = color
                } else if try arguments.flag(1) == true {
                    layout.background = color
                }
            case "background_color":
                guard let text = arguments[0], let color = Self.color(text) else { throw arguments.fail("the colour must be a name or hex") }
                layout.background = color
            case "round_corner":
                guard let radiusText = arguments[0] else { throw arguments.fail("expects `round_corner(radius,r,g,b[,transparent])`") }
                let radii = radiusText.split(separator: "|")
                guard let radius = limits.numbers.number(radii[0]), radius >= 0, radii.count == 1 || radii.count == 2 && radii[1] == radii[0] else {
                    throw arguments.fail("elliptical corners (`a|b` with a ≠ b) have no equivalent; got `\(radiusText)`")
                }
                layout.cornerRadius = radius
                if try arguments.flag(4) != true {
                    var channels: [Double] = []
                    for index in 1...3 { channels.append((try arguments.number(index, in: 0...255, "a colour channel") ?? 0) / 255) }
                    layout.background = RGBAColor(red: channels[0], green: channels[1], blue: channels[2])
                }
            case "rotate":
                guard let degrees = try arguments.number(0, in: -1e6...1e6, "the angle") else { return }
                // thumbor ignores an angle that is not a multiple of 90; so does this.
                guard degrees.rounded() == degrees, Int(saturating: degrees) % 90 == 0 else { return }
                turn = (turn + Int(saturating: degrees)) % 360
            case "grayscale": layout.grayscale = 1
            case "brightness":
                layout.brightness = (try arguments.number(0, in: -100...100, "the amount") ?? 0) / 100
            case "contrast":
                // thumbor's contrast factor (−100…100 of 255 levels), about mid-grey as SwiftUI's.
                // thumbor's factor: ((100 + c) / 100)², about mid-grey as SwiftUI's.
                let c = try arguments.number(0, in: -100...100, "the amount") ?? 0
                layout.contrast = (100 + c) * (100 + c) / 10000
            case "strip_exif": options["meta"] = "none"
            case "strip_icc": break  // ImageFrame writes sRGB without the source's profile already.
            case "no_upscale": upscale = false
            case "upscale": upscale = true
            case "max_bytes":
                if let bytes = try arguments.number(0, in: 1...Double(limits.maxByteBudget), "the byte budget") {
                    options["maxbytes"] = NumberText.format(bytes.rounded())
                }
            case "sharpen":
                guard let radius = try arguments.number(1, in: 0...100, "the radius"), radius > 0 else { return }
                layout.sharpen = min(max(radius, ColorEffect.sharpenSigmas.lowerBound), ColorEffect.sharpenSigmas.upperBound)
            case "watermark": layout.watermark = try watermark(arguments)
            case "focal":
                let numbers = (arguments[0] ?? "").split(whereSeparator: { $0 == "x" || $0 == ":" }).compactMap { limits.numbers.number($0) }
                guard numbers.count == 4 else { throw arguments.fail("expects `focal(LxT:RxB)` in pixels") }
                let (width, height) = (numbers[2] - numbers[0], numbers[3] - numbers[1])
                // An empty rect is no point, as in thumbor; its centre is rounded down, as thumbor's.
                if width > 0, height > 0 {
                    focalPoints.append(((numbers[0] + (width / 2).rounded(.down)), (numbers[1] + (height / 2).rounded(.down)), width * height))
                }
            default:
                throw .foreignOption(
                    option: filter.name,
                    message: "thumbor filter `\(filter.name)` has no equivalent in ImageFrame (docs/migrating.md lists what does)")
            }
        }

        /// The σ of the Gaussian that thumbor's blur amounts to: its kernel is exp(−x²/2σ²) cut off
        /// at ±radius, whose spread is smaller than σ (radius 3: 1.83).
        static func effectiveSigma(radius: Double, sigma: Double) -> Double {
            var weights = 0.0
            var moments = 0.0
            for x in stride(from: -radius, through: radius, by: 1) {
                let weight = Self.exponential(-x * x / (2 * sigma * sigma))
                weights += weight
                moments += x * x * weight
            }
            return (moments / weights).squareRoot()
        }

        /// e^x for x ≤ 0 without Foundation: halved until small, a Taylor series, squared back.
        static func exponential(_ x: Double) -> Double {
            guard x > -700 else { return 0 }
            var reduced = x
            var halvings = 0
            while reduced < -0.01 {
                reduced /= 2
                halvings += 1
            }
            var value = 1 + reduced * (1 + reduced / 2 * (1 + reduced / 3 * (1 + reduced / 4 * (1 + reduced / 5))))
            for _ in 0..<halvings { value *= value }
            return value
        }

        /// A colour name or hex, as thumbor's PIL engine reads them.
        static func color(_ text: Substring) -> RGBAColor? {
            let named: [String: RGBAColor] = [
                "white": RGBAColor(red: 1, green: 1, blue: 1), "black": RGBAColor(red: 0, green: 0, blue: 0),
                "red": RGBAColor(red: 1, green: 0, blue: 0), "green": RGBAColor(red: 0, green: 128.0 / 255, blue: 0),
                "blue": RGBAColor(red: 0, green: 0, blue: 1), "yellow": RGBAColor(red: 1, green: 1, blue: 0),
                "gray": RGBAColor(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255),
                "grey": RGBAColor(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255),
            ]
            return named[text.lowercased()] ?? ColorText.hex(String(text))
        }

        /// `watermark(image,x,y,alpha)`: `x`/`y` pixels from the left/top, negative from the
        /// right/bottom, or `center`; alpha is transparency in percent.
        func watermark(_ arguments: ForeignArguments) throws(SpecError) -> CompatLayout.Watermark {
            guard let image = arguments[0], arguments.values.count >= 4 else { throw arguments.fail("expects `watermark(image,x,y,alpha)`") }
            guard arguments.values.count == 4 || arguments.values.dropFirst(4).allSatisfy({ $0 == "none" || $0.isEmpty }) else {
                throw arguments.fail("a watermark sized by ratio has no equivalent: it is drawn at its own size")
            }
            func place(_ index: Int) throws(SpecError) -> (fraction: Double, inset: Double) {
                let text = arguments.values[index]
                if text == "center" { return (0.5, 0) }
                guard let value = limits.numbers.number(text) else {
                    throw arguments.fail("`\(text)`: a position is pixels, negative from the far edge, or `center`")
                }
                return text.hasPrefix("-") ? (1, -value) : (0, value)
            }
            let (x, left) = try place(1)
            let (y, top) = try place(2)
            let alignment = Alignment.allCases.first { $0.horizontalFraction == x && $0.verticalFraction == y } ?? .center
            let alpha = try arguments.number(3, in: 0...100, "alpha") ?? 0
            guard let bytes = PercentDecoding.bytes(image, plusAsSpace: false), let name = String(validating: bytes, as: UTF8.self) else {
                throw arguments.fail("the image must be percent-encoded UTF-8")
            }
            let insets = EdgeInsets(top: y == 0 ? top : 0, leading: x == 0 ? left : 0, bottom: y == 1 ? top : 0, trailing: x == 1 ? left : 0)
            return CompatLayout.Watermark(source: name, alignment: alignment, opacity: 1 - alpha / 100, insets: insets)
        }

        /// The box and crop from fit-in, the size, the alignment, turns and `upscale`.
        mutating func resolve() throws(SpecError) {
            var horizontal = ["left": 0.0, "center": 0.5, "right": 1.0][halign] ?? 0.5
            var vertical = ["top": 0.0, "middle": 0.5, "bottom": 1.0][valign] ?? 0.5
            if turn != 0 {
                // thumbor turns the result counter-clockwise (PIL); ImageFrame turns the upright image
                // before layout (`turn`), so the box and the crop's side turn with it.
                let clockwise = (360 - (turn % 360 + 360) % 360) % 360
                options["turn"] = String(clockwise)
                for _ in 0..<(clockwise / 90) {
                    (layout.width, layout.height) = (layout.height, layout.width)
                    (horizontal, vertical) = (1 - vertical, horizontal)
                }
                if layout.crop != nil { throw fail("rotate", "a manual crop together with `rotate` has no equivalent yet; use one") }
                if layout.flips.horizontal || layout.flips.vertical {
                    throw fail("rotate", "a flip (`-W`/`-H`) together with `rotate` has no equivalent yet; use one")
                }
            }
            if !focalPoints.isEmpty {
                // Their centre of mass, in the window a manual crop keeps (points outside it dropped).
                let origin = layout.crop?.origin ?? Point(x: 0, y: 0)
                let kept = focalPoints.filter { point in
                    guard let crop = layout.crop else { return true }
                    return point.x >= origin.x && point.x <= origin.x + crop.width && point.y >= origin.y && point.y <= origin.y + crop.height
                }
                let weight = kept.reduce(0) { $0 + $1.weight }
                if weight > 0 {
                    let x = (kept.reduce(0) { $0 + ($1.x - origin.x) * $1.weight } / weight).rounded(.down)
                    let y = (kept.reduce(0) { $0 + ($1.y - origin.y) * $1.weight } / weight).rounded(.down)
                    layout.focus = .pixel(x: x, y: y)
                }
            }
            layout.alignment = Alignment.allCases.first { $0.horizontalFraction == horizontal && $0.verticalFraction == vertical } ?? .center
            guard layout.width != nil || layout.height != nil else {
                if fitIn != nil { throw fail(String(fitIn ?? ""), "needs a width or a height") }
                layout.resize = .none
                layout.focus = nil
                return
            }
            // adaptive-fit-in turns a box of another orientation than the source's; a square box or
            // one open side never turns.
            let turnsNever = layout.width == layout.height || layout.width == nil || layout.height == nil
            switch fitIn == "adaptive-fit-in" && turnsNever ? "fit-in" : fitIn {
            case "fit-in"?:
                layout.resize = .fit
                layout.enlarges = upscale ?? false
            case "full-fit-in"?:
                layout.resize = .cover
                layout.enlarges = upscale ?? true
            case let other?:
                throw fail(String(other), "turning the box to the source's orientation has no equivalent; use fit-in or full-fit-in")
            case nil:
                layout.resize = .fill
                layout.enlarges = upscale ?? true
            }
            if layout.resize != .fill || layout.width == nil || layout.height == nil { layout.focus = nil }
        }
    }
}
