import Layout
import Testing
import Vips

@testable import Render

/// Layer effects (spec §7): shadow, opacity, blur and the colour effects, checked on pixels.
@Suite("render: effects")
struct EffectTests {
    /// A colourful opaque test image: quadrants plus a diagonal ramp.
    static func photo(width: Int = 40, height: Int = 40) throws -> VImage {
        try SourceFolder.image(width: width, height: height) { x, y in
            let q = quadrant(width, height)(x, y)
            return RGBA(UInt8((Int(q.r) * 3 + x * 2) / 4), UInt8((Int(q.g) * 3 + y * 2) / 4), UInt8((Int(q.b) * 3 + 40) / 4))
        }
    }

    /// Largest channel difference over all pixels of two same-size images.
    static func worstDifference(_ a: VImage, _ b: VImage) throws -> Int {
        let (x, y) = (try Bitmap(a), try Bitmap(b))
        #expect(x.width == y.width && x.height == y.height)
        return zip(x.bytes, y.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test("a wide Gaussian computed on a shrunk copy is within 6 levels of the exact one, 1.5 on average", arguments: [16.0, 30.0, 60.0])
    func scaledBlurMatchesExact(_ sigma: Double) throws {
        // A shadow-like mask (an opaque disc in a transparent margin) and the photo, both as float.
        let size = Int(8 * sigma)
        let disc = try SourceFolder.image(width: size, height: size) { x, y in
            let (dx, dy) = (Double(x) - Double(size) / 2, Double(y) - Double(size) / 2)
            return dx * dx + dy * dy < Double(size * size) / 16 ? RGBA(255, 255, 255) : RGBA(0, 0, 0)
        }.bands(0).linear(multiply: [1], add: [0])
        let photo = try SourceFolder.image(width: size, height: size) { x, y in
            RGBA(UInt8((x * 7) % 256), UInt8((y * 5) % 256), UInt8((x + 3 * y) % 256))
        }.bands(0, count: 3).linear(multiply: [1], add: [0])
        // Away from the image's own edges (3σ), where the two extend the image differently; the
        // renderer always blurs inside a margin of 2.8σ it added.
        let inner = Int(3 * sigma)
        for image in [disc, photo] {
            let exact = try image.gaussianBlurred(sigma: sigma, minAmplitude: 0.002)
                .cropped(x: inner, y: inner, width: size - 2 * inner, height: size - 2 * inner).pixels()
            let scaled = try image.gaussianBlurredScaled(sigma: sigma)
                .cropped(x: inner, y: inner, width: size - 2 * inner, height: size - 2 * inner).pixels()
            #expect(exact.count == scaled.count)
            let differences = zip(exact, scaled).map { abs(Int($0) - Int($1)) }
            let worst = differences.max() ?? 0
            let mean = Double(differences.reduce(0, +)) / Double(max(differences.count, 1))
            #expect(worst <= 6 && mean < 1.5, "σ \(sigma): worst difference \(worst), mean \(mean)")
        }
    }

    @Test("shadow: extent grown by 2.8σ, moved by the offset, falling off monotonically with distance")
    func shadow() throws {
        let square = try VImage.constant(width: 20, height: 20, color: [0, 0, 255, 255])
        let layer = try square.shadow(radius: 4, offsetX: 3, offsetY: 5, scale: 2)
        // σ = 8 px, margin ⌈22.4⌉ = 23, offset (6, 10) px.
        #expect(layer.image.width == 66 && layer.image.height == 66)
        #expect(layer.x == 6 - 23 && layer.y == 10 - 23)
        let bitmap = try Bitmap(layer.image)
        #expect(bitmap[33, 33].r == 0 && bitmap[33, 33].g == 0 && bitmap[33, 33].b == 0)
        #expect(bitmap[33, 33].a <= 84 && bitmap[33, 33].a > 40)
        // Along the row through the shadow's centre, alpha never rises moving away from it.
        var previous = Int(bitmap[33, 33].a)
        for x in 34..<66 {
            let a = Int(bitmap[x, 33].a)
            #expect(a <= previous, "alpha rises at \(x): \(previous) → \(a)")
            previous = a
        }
        #expect(previous < 3)
        // The alpha-weighted centre sits at the square's centre moved by the offset.
        var (sum, sx, sy) = (0.0, 0.0, 0.0)
        for y in 0..<66 {
            for x in 0..<66 {
                let a = Double(bitmap[x, y].a)
                (sum, sx, sy) = (sum + a, sx + a * (Double(x) + 0.5), sy + a * (Double(y) + 0.5))
            }
        }
        #expect(abs(sx / sum + Double(layer.x) - 16) < 0.5 && abs(sy / sum + Double(layer.y) - 20) < 0.5)
    }

    @Test("a shadow of radius 0 is the shape's alpha in the shadow colour, offset")
    func sharpShadow() throws {
        let square = try VImage.constant(width: 10, height: 10, color: [255, 255, 255, 255])
        let layer = try square.shadow(color: RGBAColor(red: 1, green: 0, blue: 0, opacity: 0.5), radius: 0, offsetX: 2, offsetY: 1)
        #expect(layer.image.width == 10 && layer.x == 2 && layer.y == 1)
        #expect(try Bitmap(layer.image)[5, 5] == RGBA(255, 0, 0, 128))
    }

    @Test("opacity halves alpha and keeps colour")
    func opacity() throws {
        let bitmap = try Bitmap(try Self.photo().withOpacity(0.5))
        let original = try Bitmap(try Self.photo())
        for (x, y) in [(0, 0), (30, 5), (7, 33)] {
            let p = bitmap[x, y], o = original[x, y]
            #expect(p.r == o.r && p.g == o.g && p.b == o.b && abs(Int(p.a) - 128) <= 1)
        }
    }

    @Test("opaque blur keeps the mean and alpha 1 and the size; a transparent one grows and spreads alpha")
    func blur() throws {
        let photo = try Self.photo()
        let layer = try photo.blurred(radius: 3, opaque: true, scale: 1)
        #expect(layer.image.width == 40 && layer.image.height == 40 && layer.x == 0)
        let (a, b) = (try Bitmap(photo), try Bitmap(layer.image))
        for band in 0..<3 {
            let mean = { (m: Bitmap) in stride(from: band, to: m.bytes.count, by: m.bands).map { Double(m.bytes[$0]) }.reduce(0, +) / 1600 }
            #expect(abs(mean(a) - mean(b)) < 2, "band \(band): \(mean(a)) → \(mean(b))")
        }
        #expect(try layer.image.minimum(band: 3) == 255)
        #expect(b[20, 20] != a[20, 20])  // the quadrant corner is smoothed

        let spread = try photo.blurred(radius: 2, scale: 2)
        #expect(spread.x == -12 && spread.image.width == 64)
        let s = try Bitmap(spread.image)
        #expect(s[5, 32].a > 0 && s[5, 32].a < 128)  // blurred past the former edge
        #expect(s[32, 32].a == 255)
        // A tiny σ (a fraction of a pixel) still blurs without failing.
        #expect(try Self.worstDifference(photo.blurred(radius: 0.05, opaque: true).image, photo) <= 1)
        #expect(try photo.shadow(radius: 0.05).image.width == photo.width + 2)
    }

    @Test("grayscale(1) makes R = G = B; grayscale(0) and saturation(1) change nothing")
    func grayscale() throws {
        let photo = try Self.photo()
        let grey = try Bitmap(photo.grayscale(1))
        for y in 0..<40 { for x in 0..<40 { let p = grey[x, y]; #expect(p.r == p.g && p.g == p.b && p.a == 255) } }
        #expect(try Self.worstDifference(photo.grayscale(0), photo) <= 1)
        #expect(try Self.worstDifference(photo.saturation(1), photo) <= 1)
    }

    @Test("hue rotation by 360° is the identity; by 180° it changes colours but keeps greys")
    func hueRotation() throws {
        let photo = try Self.photo()
        #expect(try Self.worstDifference(photo.hueRotation(degrees: 360), photo) <= 1)
        #expect(try Self.worstDifference(photo.hueRotation(degrees: 180), photo) > 50)
        let grey = try VImage.constant(width: 4, height: 4, color: [90, 90, 90, 255])
        #expect(try Self.worstDifference(grey.hueRotation(degrees: 123), grey) <= 1)
    }

    @Test("colorInvert twice is the identity; once it gives 255 − v and keeps alpha")
    func invert() throws {
        let photo = try Self.photo().withOpacity(0.6)
        #expect(try Self.worstDifference(photo.colorInvert().colorInvert(), photo) == 0)
        let once = try Bitmap(photo.colorInvert()), original = try Bitmap(photo)
        #expect(once[3, 4] == RGBA(255 - original[3, 4].r, 255 - original[3, 4].g, 255 - original[3, 4].b, original[3, 4].a))
    }

    @Test("brightness, contrast and colour multiply at their ends")
    func ends() throws {
        let photo = try Self.photo()
        #expect(try Bitmap(photo.brightness(1)).colours == [.white])
        #expect(try Self.worstDifference(photo.brightness(0), photo) == 0)
        #expect(try Bitmap(photo.contrast(0)).colours == [RGBA(128, 128, 128)])
        #expect(try Self.worstDifference(photo.contrast(1), photo) == 0)
        #expect(try Self.worstDifference(photo.colorMultiply(RGBAColor(red: 1, green: 1, blue: 1)), photo) == 0)
        let halved = try Bitmap(photo.colorMultiply(RGBAColor(red: 1, green: 0, blue: 1, opacity: 0.5)))
        let original = try Bitmap(photo)
        #expect(halved[30, 30].g == 0 && halved[30, 30].r == original[30, 30].r && abs(Int(halved[30, 30].a) - 128) <= 1)
    }

    @Test("clipping to a mask multiplies alpha, so a half-covered pixel of a half-transparent image is a quarter")
    func clipMultiplies() throws {
        let image = try VImage.constant(width: 2, height: 1, color: [10, 20, 30, 128])
        let mask = try VImage.fromPixels([255, 128], width: 2, height: 1, bands: 1)
        let bitmap = try Bitmap(image.clipped(toMask: mask))
        #expect(bitmap[0, 0] == RGBA(10, 20, 30, 128))
        #expect(bitmap[1, 0] == RGBA(10, 20, 30, 64))
    }
}
