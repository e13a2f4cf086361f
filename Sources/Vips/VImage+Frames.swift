import CVips
import CheckedConversion

extension VImage {
    /// Frames (pages) the file holds, from the header's `n-pages`: several for an animated GIF or
    /// WebP, 1 when the field is absent (still formats).
    public var pageCount: Int { max(1, Int(cvips_get_int_or(pointer, "n-pages", 1))) }

    /// The height of one frame when the image holds frames stacked top to bottom (`page-height`);
    /// the whole height when it holds one.
    public var pageHeight: Int {
        let height = Int(cvips_get_int_or(pointer, "page-height", 0))
        return height > 0 && self.height % height == 0 ? height : self.height
    }

    /// How long each frame shows, milliseconds (`delay`), in frame order; empty when the file says nothing.
    public var frameDelays: [Int] {
        var count: Int32 = 0
        guard let values = cvips_get_int_array(pointer, "delay", &count), count > 0 else { return [] }
        return UnsafeBufferPointer(start: values, count: Int(count)).map { Int($0) }
    }

    /// How many times the animation plays (`loop`; 0 forever), `nil` when the file says nothing.
    public var loopCount: Int? {
        let loop = Int(cvips_get_int_or(pointer, "loop", -1))
        return loop >= 0 ? loop : nil
    }

    /// `frames` (of equal size) stacked top to bottom: the page layout the GIF and WebP encoders read.
    public static func stacked(_ frames: [VImage]) throws(VipsError) -> VImage {
        precondition(!frames.isEmpty, "stacking no frames")
        var pointers: [UnsafeMutablePointer<VipsImage>?] = frames.map(\.pointer)
        let count = Int32(frames.count)
        let result = pointers.withUnsafeMutableBufferPointer { buffer in
            capture { () throws(VipsError) in try make("arrayjoin") { cvips_stack(buffer.baseAddress, count, $0) } }
        }
        // The pointers stay valid while `frames` lives; libvips takes its own references.
        withExtendedLifetime(frames) {}
        return try result.get()
    }

    /// The same pixels read as an animation of frames `pageHeight` high, each shown `delays[i]`
    /// milliseconds, played `loop` times (0: forever); the GIF and WebP encoders write every frame.
    public func animated(pageHeight: Int, delays: [Int], loop: Int) throws(VipsError) -> VImage {
        precondition(pageHeight > 0 && height % pageHeight == 0, "frames must divide the height")
        let values = delays.map { Int32(clamping: $0) }
        return try values.withUnsafeBufferPointer { buffer in
            capture { () throws(VipsError) in
                try derive("set pages") { cvips_set_pages($0, $1, Int32(pageHeight), buffer.baseAddress, Int32(buffer.count), Int32(clamping: loop)) }
            }
        }.get()
    }

    /// The same pixels without frame fields (`page-height`, `n-pages`, `delay`, `loop`): one still
    /// image, whatever file it was decoded from.
    public func still() throws(VipsError) -> VImage {
        try derive("clear pages") { cvips_set_pages($0, $1, 0, nil, 0, 0) }
    }
}
