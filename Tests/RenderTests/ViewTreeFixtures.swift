import Layout
import Render
import TransformSpec

/// Builders for view trees written directly in Swift, as the chain parser would produce them.
extension ViewNode {
    /// `frame(width:height:)`, centred.
    func framed(_ width: Double?, _ height: Double?) -> ViewNode {
        .frame(self, width: width, height: height, alignment: .center)
    }

    /// A render-only modifier.
    func with(_ effect: ViewEffect) -> ViewNode {
        .effect(self, effect)
    }

    /// `padding(length)` on every edge.
    func padded(_ length: Double) -> ViewNode {
        .padding(self, EdgeInsets(top: length, leading: length, bottom: length, trailing: length))
    }

    /// A shape leaf: `kind` filled or stroked with `paint`.
    static func shape(_ kind: ShapeKind, _ paint: RGBAColor, _ drawing: ShapeDrawing = .fill) -> ViewNode {
        .shapeView(ShapeView(kind: kind, paint: .color(paint), drawing: drawing))
    }

    /// A `Color` leaf.
    static func color(_ color: RGBAColor) -> ViewNode {
        .shape(.color(color))
    }

    /// `Image(name).resizable()`.
    static func resizableImage(_ ref: ImageRef = .primary) -> ViewNode {
        .image(ImageView(ref: ref, resizing: Resizing()))
    }
}

extension RGBAColor {
    static let testRed = RGBAColor(red: 1, green: 0, blue: 0)
    static let testGreen = RGBAColor(red: 0, green: 1, blue: 0)
    static let testBlue = RGBAColor(red: 0, green: 0, blue: 1)
    static let testWhite = RGBAColor(red: 1, green: 1, blue: 1)
}

extension SourceFolder {
    /// Renders `view` as PNG (lossless, alpha kept) and decodes it; `source` is the primary image.
    func render(view: ViewNode, source: String = "unused.png", proposal: ProposedSize = .unspecified, scale: Double = 1) throws -> Bitmap {
        let spec = TransformSpec(source: source, view: view, proposal: proposal, scale: scale, format: .fixed(.png))
        return try Bitmap(encoded: try renderer.render(spec).bytes)
    }
}
