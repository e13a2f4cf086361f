import Layout
import Placeholders
import Vips

extension Renderer {
    /// The placeholders `set` asks for, of the image `prepared` draws (its first frame when
    /// animated): the canvas is drawn as for `render(_:)`, computed once, reduced to at most
    /// `ThumbHash.maxSide` on each side for the hashes and colours (BlurHash and ThumbHash
    /// reference encoders work on images this small too), and to `LQIPLadder.sides` for the tiny image.
    public func placeholders(_ prepared: PreparedRender, _ set: PlaceholderSet) throws(RenderError) -> (
        values: PlaceholderValues, timings: RenderTimings
    ) {
        var timings = prepared.timings
        var stages = StageClock()
        let deadline = remainingDeadline(prepared)
        try deadline.check()
        let sources = Array(prepared.images.values)
        let drawn = try still(
            PlanDrawer(
                plan: prepared.plan, images: prepared.images, symbols: prepared.glyphs, limits: limits, deadline: deadline,
                colorMode: prepared.request.colorMode
            ).draw())
        timings.render = stages.lap()
        var values = PlaceholderValues(width: prepared.plan.canvas.width, height: prepared.plan.canvas.height)
        do {
            let canvas = try Watchdog.run(cancelling: drawn, after: deadline.remaining) { () throws(VipsError) in
                try Self.eightBit(drawn).materialized()
            }
            try deadline.check()
            if set != PlaceholderSet(lqip: set.lqip) {
                let small = try Self.shrunk(canvas, toSide: ThumbHash.maxSide)
                let grid = RGBAPixelGrid(width: small.width, height: small.height, bands: small.bands, samples: try small.pixels())
                values.compute(set, from: grid)
            }
            if let lqip = set.lqip {
                try deadline.check()
                values.lqip = (try Self.tinyImage(canvas, lqip), lqip.format)
            }
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw SourceImage.verdict(on: error, sources: sources, deadline: deadline)
        } catch {
            throw .internalFailure(VipsError(operation: "placeholders", message: "\(error)"))
        }
        try deadline.check()
        timings.encode = stages.lap()
        return (values, timings)
    }

    /// 8-bit sRGB: a 16-bit canvas (`colormode=extendedLinear`) scaled down to 8 bits, not clipped.
    private static func eightBit(_ canvas: VImage) throws(VipsError) -> VImage {
        guard canvas.bitsPerSample == 16 else { return try canvas.cast8() }
        return try canvas.linear(multiply: Array(repeating: 1.0 / 257, count: canvas.bands), add: Array(repeating: 0, count: canvas.bands)).cast8()
    }

    /// `image` reduced (never enlarged) so that its longer side is at most `side`, alpha
    /// premultiplied around the resample so transparent colour does not bleed in.
    static func shrunk(_ image: VImage, toSide side: Int) throws(VipsError) -> VImage {
        let longest = max(image.width, image.height)
        guard longest > side else { return image }
        let scale = Double(side) / Double(longest)
        let resized: VImage
        if image.hasAlpha {
            resized = try image.premultiplied().resized(horizontal: scale, vertical: scale, kernel: .lanczos3).unpremultiplied()
        } else {
            resized = try image.resized(horizontal: scale, vertical: scale, kernel: .lanczos3)
        }
        // Rounding may leave a side one pixel over: the hash formats' limits are strict.
        guard resized.width > side || resized.height > side else { return resized }
        return try resized.cropped(x: 0, y: 0, width: min(resized.width, side), height: min(resized.height, side))
    }

    /// The first encoding along `LQIPLadder` within the budget, else the smallest one tried.
    private static func tinyImage(_ canvas: VImage, _ request: LQIPRequest) throws(VipsError) -> [UInt8] {
        var smallest: [UInt8]?
        for side in LQIPLadder.sides {
            let image = try shrunk(canvas, toSide: side).materialized().withoutMetadata()
            for quality in LQIPLadder.qualities {
                let bytes = request.format == .avif ? try image.avif(quality: quality) : try image.webp(quality: quality)
                if bytes.count <= request.maxBytes { return bytes }
                if bytes.count < smallest?.count ?? .max { smallest = bytes }
            }
        }
        return smallest ?? []
    }
}

extension PlaceholderSet {
    /// A set asking for the tiny image `lqip` only (or nothing).
    init(lqip: LQIPRequest?) {
        self.init()
        self.lqip = lqip
    }
}
