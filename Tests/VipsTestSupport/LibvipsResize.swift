import CVips
import Vips

extension VImage {
    /// libvips's own `resize` with the lanczos3 kernel (`vips_resize`), which `resized` must match
    /// byte for byte while running its own horizontal reduce.
    public func libvipsResized(horizontal: Double, vertical: Double, gap: Double = 2) throws(VipsError) -> VImage {
        try derive("resize") { cvips_resize($0, $1, horizontal, vertical, VIPS_KERNEL_LANCZOS3, gap) }
    }

    /// The image as 32-bit float pixels (libvips's `cast`).
    public func asFloat() throws(VipsError) -> VImage {
        try derive("cast") { cvips_cast($0, $1, VIPS_FORMAT_FLOAT) }
    }
}
