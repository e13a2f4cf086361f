import CJPEG

/// A JPEG file's DCT coefficients as libjpeg decoded them, kept compactly by a scaled decode
/// (`ImageFile.decodeScaledJPEG(…, coefficients: .capture(maxBytes:))`): a later decode of the same
/// file, at any scale, takes its blocks from them instead of Huffman-decoding the file again (most
/// of a scaled decode's CPU), and gives the same pixels. Immutable once made; renders on several
/// threads may decode from one at once.
public final class JPEGCoefficients: @unchecked Sendable {
    /// The C object; read while `self` is alive (`withExtendedLifetime`).
    let pointer: OpaquePointer

    /// Bytes they hold.
    public let bytes: Int

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        bytes = cjpeg_coefficients_bytes(pointer)
    }

    deinit { cjpeg_coefficients_free(pointer) }

    /// What a scaled decode does with coefficients.
    public enum Use: Sendable {
        /// Nothing: decode the file.
        case none
        /// Take the blocks from these, kept from the same file (when they match its frame, scan and
        /// tables; otherwise the file is decoded).
        case replay(JPEGCoefficients)
        /// Keep the coefficients this decode produces, when it is a decode at 1/2 or 1/4 of a file
        /// of one scan and they fit in `maxBytes`.
        case capture(maxBytes: Int)
    }
}

/// What `ImageFile.decodeScaledJPEG(…, coefficients:)` gives.
public struct ScaledJPEGDecode: Sendable {
    /// The decoded image.
    public let image: VImage
    /// The coefficients the decode kept, when asked to and it could.
    public let captured: JPEGCoefficients?
    /// True when the blocks came from the coefficients given rather than from the file.
    public let replayed: Bool
}
