import Vips

/// Sources of 7000×7000 flat grey pixels (49 MP) in small files, the shape of a decompression bomb:
/// a PNG, a WebP, and AVIFs at 8 and 12 bits. Made once per test process (a few seconds).
public enum LargeFlatSources {
    /// File name → bytes: `big.png`, `big.webp`, `big.avif`, `big12.avif`.
    public static let files: [String: [UInt8]] = {
        do {
            let flat = try VImage.constant(width: 7000, height: 7000, color: [90, 90, 90])
            return [
                "big.png": try flat.png(bitDepth: 8), "big.webp": try flat.webp(quality: 50), "big.avif": try flat.avif(bitDepth: 8),
                "big12.avif": try flat.converted(to: .rgb16).avif(bitDepth: 12),
            ]
        } catch {
            fatalError("cannot make the 7000×7000 sources: \(error)")
        }
    }()
}
