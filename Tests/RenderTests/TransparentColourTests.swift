import Layout
import Testing

/// Fully transparent pixels are written with colour 0 (nothing visible changes): an avatar's corners
/// outside its circle carry no photo colours, and the file is smaller for it.
@Suite("render: transparent pixels carry no colour")
struct TransparentColourTests {
    @Test("outside the circle every channel is 0 (PNG keeps it exactly); inside, the photo")
    func corners() throws {
        let folder = try SourceFolder()
        try folder.png("photo.png", width: 64, height: 64, quadrant(64, 64))
        let (_, bitmap) = try folder.render("photo.png", "w=64&h=64&mode=fill&mask=circle&fmt=png")
        #expect(bitmap[0, 0] == RGBA(0, 0, 0, 0) && bitmap[63, 63] == RGBA(0, 0, 0, 0), "\(bitmap[0, 0]) \(bitmap[63, 63])")
        #expect(bitmap[20, 20] == .red && bitmap[44, 44] == .yellow, "\(bitmap[20, 20]) \(bitmap[44, 44])")
    }

    @Test("the avatar recipe's PNG is at least a tenth smaller than with the photo's colours under its corners")
    func smaller() throws {
        let folder = try SourceFolder()
        // Noise-like colours everywhere: what the corners used to carry.
        try folder.png("photo.png", width: 128, height: 128) { x, y in
            RGBA(UInt8((x * 37 + y * 11) % 256), UInt8((x * y) % 256), UInt8((x ^ y) % 256))
        }
        let masked = try folder.render("photo.png", "w=128&h=128&mode=fill&mask=circle&fmt=png").image.bytes.count
        let square = try folder.render("photo.png", "w=128&h=128&mode=fill&fmt=png").image.bytes.count
        // The circle covers π/4 of the square: its corners (21 %) should cost next to nothing.
        #expect(Double(masked) < Double(square) * 0.9, "masked \(masked), square \(square)")
    }
}
