import CVips
import Vips

/// An animated image for tests: solid-colour frames of one size, each with its delay, and how it
/// loops; `gif()` and `webp()` encode it with libvips's own encoders.
public struct AnimationFixture: Sendable {
    /// One RGB colour (0…255 each) per frame.
    public var colours: [[Double]]
    public var width: Int, height: Int
    /// Milliseconds per frame.
    public var delays: [Int]
    /// Plays this many times; 0 forever.
    public var loop: Int

    /// Three 60×40 frames, red, green and blue, shown 100, 200 and 300 ms, looping forever.
    public static let rgb = AnimationFixture(
        colours: [[255, 0, 0], [0, 255, 0], [0, 0, 255]], width: 60, height: 40, delays: [100, 200, 300], loop: 0)

    public init(colours: [[Double]], width: Int, height: Int, delays: [Int], loop: Int) {
        self.colours = colours
        self.width = width
        self.height = height
        self.delays = delays
        self.loop = loop
    }

    /// The frames stacked top to bottom with their timing, as libvips holds an animation.
    public func image() throws(VipsError) -> VImage {
        var frames: [VImage] = []
        for colour in colours { frames.append(try VImage.constant(width: width, height: height, color: colour)) }
        return try VImage.stacked(frames).animated(pageHeight: height, delays: delays, loop: loop)
    }

    /// An animated GIF of the frames.
    public func gif() throws(VipsError) -> [UInt8] { try image().gif() }

    /// An animated WebP of the frames (lossy at quality 90).
    public func webp() throws(VipsError) -> [UInt8] { try image().webp(quality: 90) }
}

/// Every frame of an encoded animation, read back.
public struct DecodedAnimation {
    /// All frames stacked top to bottom.
    public let image: VImage
    /// Frames found (1 for a still image).
    public var frameCount: Int { image.height / image.pageHeight }
    /// One frame's size.
    public var width: Int { image.width }
    public var frameHeight: Int { image.pageHeight }
    /// Milliseconds per frame, as the file says.
    public var delays: [Int] { image.frameDelays }
    /// Times it plays (0 forever), `nil` when the file says nothing.
    public var loop: Int? { image.loopCount }

    /// Decodes every frame of `bytes` (GIF or WebP; any other format is one frame).
    public init(_ bytes: [UInt8]) throws(VipsError) {
        let paged = try bytes.withUnsafeBytes { buffer in
            capture { () throws(VipsError) in try VImage.make("load pages") { cvips_load_buffer(buffer.baseAddress, buffer.count, 1, $0) } }
        }.get()
        image = paged
    }

    /// Frame `index` alone.
    public func frame(_ index: Int) throws(VipsError) -> VImage {
        try image.cropped(x: 0, y: index * frameHeight, width: width, height: frameHeight)
    }
}
