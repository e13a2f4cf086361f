import Foundation
import Layout
@testable import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Shrink-on-load must not cost visible quality: a thumbnail of the 4032×3024 sample photo (and of
/// CMYK, Display P3, EXIF-rotated and WebP variants of it) stays within 30 dB PSNR of a lanczos3
/// resize of the full-resolution decode. Set `IMGFRAME_PRINT_PSNR=1` to print the values.
@Suite("render: shrink-on-load quality")
struct ShrinkOnLoadQualityTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL
    static let query = "mode=fit&pw=300&ph=400&fmt=png"

    /// The fixture's bytes, made from the sample photo: the file itself, converted to CMYK or to
    /// Display P3 (profile attached, libvips's built-in one), stored rotated with EXIF 6 (the
    /// `landscape_6.jpg` sample), or as WebP.
    static func fixture(_ kind: String) throws -> [UInt8] {
        let photo = try [UInt8](Data(contentsOf: samples.appendingPathComponent("landscape_4.jpg")))
        switch kind {
        case "cmyk": return try VImage.decode(photo).converted(to: .cmyk).jpegKeepingMetadata(quality: 90)
        case "p3": return try VImage.decode(photo).converted(toProfile: "p3").jpegKeepingMetadata(quality: 90)
        case "exif6": return try [UInt8](Data(contentsOf: samples.appendingPathComponent("landscape_6.jpg")))
        case "webp": return try VImage.decode(photo).webp(quality: 90)
        default: return photo
        }
    }

    /// The ideal thumbnail: the full-resolution decode, upright and in sRGB, resized by lanczos3 alone
    /// (no box pre-shrink) to `width`×`height`.
    static func reference(_ bytes: [UInt8], width: Int, height: Int) throws -> VImage {
        let full = try VImage.decode(bytes).autorotated().srgb()
        let resized = try full.resized(
            horizontal: Double(width) / Double(full.width), vertical: Double(height) / Double(full.height), kernel: .lanczos3, gap: 0)
        return try resized.cropped(x: 0, y: 0, width: width, height: height).materialized()
    }

    /// PSNR of `source` decoded with `reduction`, resized like the renderer does, and (`quality` > 0) encoded as JPEG.
    static func thumbnailPSNR(_ source: SourceImage, _ reduction: LoadReduction, quality: Int, against reference: VImage) throws -> Double {
        let thumbnail = try source.decode(reduction: reduction).resampled(width: 300, height: 225, kernel: .lanczos3)
        return try psnr(quality > 0 ? try VImage.decode(thumbnail.jpeg(quality: quality)) : thumbnail, reference)
    }

    @Test("a 300×225 fit stays ≥ 30 dB from the full-resolution reference", arguments: ["photo", "cmyk", "p3", "exif6", "webp"])
    func fitQuality(_ kind: String) throws {
        let folder = try SourceFolder()
        let bytes = try Self.fixture(kind)
        let name = kind == "webp" ? "f.webp" : "f.jpg"
        try folder.write(name, bytes: bytes)
        if kind == "cmyk" { #expect(try VImage.decode(bytes).bands == 4) }
        if kind == "p3" { #expect(try VImage.decode(bytes).hasICCProfile) }
        let reference = try Self.reference(bytes, width: 300, height: 225)

        // What the service sends (JPEG q80), and the resampling alone (lossless PNG).
        let jpeg = try folder.render(name, "mode=fit&pw=300&ph=400&fmt=jpeg&q=80")
        #expect(jpeg.image.pixelSize == PixelSize(width: 300, height: 225))
        let served = try psnr(try VImage.decode(jpeg.image.bytes), reference)
        #expect(served >= 30, "\(kind): \(served) dB")
        let lossless = try psnr(try VImage.decode(try folder.render(name, "mode=fit&pw=300&ph=400&fmt=png").image.bytes), reference)
        #expect(lossless >= 40, "\(kind): \(lossless) dB")

        // The reduction the renderer chose, against vipsthumbnail's, which leaves a 2× margin for the
        // kernel (1/4 for JPEG): once encoded, the difference is within 0.5 dB.
        let source = try SourceImage(
            name: name, file: ImageFile(path: folder.url.appendingPathComponent(name).path), limits: RenderLimits())
        let chosen = source.loadReduction(for: PixelRect(x: 0, y: 0, width: 300, height: 225), interpolation: .high)
        #expect(chosen == (kind == "webp" ? .webpScale(300.0 / 4032) : .jpegShrink(8)))
        let margin: LoadReduction = kind == "webp" ? .webpScale(600.0 / 4032) : .jpegShrink(4)
        let new = try Self.thumbnailPSNR(source, chosen, quality: 80, against: reference)
        let old = try Self.thumbnailPSNR(source, margin, quality: 80, against: reference)
        #expect(new >= old - 0.5, "\(kind): \(new) dB, with a 2× margin \(old) dB")
        if ProcessInfo.processInfo.environment["IMGFRAME_PRINT_PSNR"] != nil {
            let newLossless = try Self.thumbnailPSNR(source, chosen, quality: 0, against: reference)
            let oldLossless = try Self.thumbnailPSNR(source, margin, quality: 0, against: reference)
            print(
                String(
                    format: "PSNR %@: served q80 %.2f, png %.2f | %@ q80 %.2f lossless %.2f | 2x margin q80 %.2f lossless %.2f",
                    kind, served, lossless, "\(chosen)", new, newLossless, old, oldLossless))
        }
    }
}
