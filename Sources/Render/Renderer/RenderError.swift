import Layout
import Vips

/// Why a request could not be rendered. Each case says which source or setting is at fault; libvips's
/// own text is kept for logs in `detail` and never meant for clients.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// The file is not an image any enabled loader reads (zero bytes, text, SVG while blocked…).
    case unsupportedSource(String)
    /// The file claims to be an image but its data is truncated or corrupt.
    case undecodable(String, detail: String)
    /// `Image(systemName:)` names a symbol no icon stands for; `suggestions` are close names that do.
    case unknownSymbol(String, suggestions: [String])
    /// `Font.custom` names a family no installed font has (fontconfig would draw it in another face);
    /// `available` lists installed families, the brand folder's first, and `more` counts the rest.
    case unknownFont(String, available: [String], more: Int)
    /// The layout cannot be drawn (infinite or empty root, unknown image).
    case layout(LayoutError)
    /// A source goes beyond `RenderLimits` (file size, pixels); refused before decoding.
    case sourceTooLarge(String, reason: String)
    /// `frame` asks for a frame past the last of the animated image (or past 0 of a still one):
    /// the image's name, the frame asked for and how many frames it has.
    case frameOutOfRange(String, frame: Int, count: Int)
    /// The requested output goes beyond `RenderLimits` (side, pixels, tiles, an intermediate image's
    /// side, a whole-image encoder's pixel cap).
    case outputTooLarge(String)
    /// The render would draw more layers or hold more memory than `RenderLimits` allows, as estimated
    /// from the plan before drawing (`RenderBudget`).
    case overBudget(String)
    /// The render would take longer than `RenderLimits.timeout` even with a core to itself, as
    /// estimated from the plan before drawing (`RenderCost`); the reason says what to reduce.
    case tooSlow(String)
    /// The render ran past its deadline and was stopped.
    case timedOut
    /// libvips failed where the input was not to blame.
    case internalFailure(VipsError)
    /// The caller did not resolve an image the view shows: a programming error (the renderer looks
    /// nothing up; the service resolves every `imageRefs` entry first).
    case unresolvedSource(ImageRef)

    public var description: String {
        switch self {
        case .unsupportedSource(let path): "source `\(path)` is not an image in a supported format (JPEG, PNG, WebP, GIF, HEIF/AVIF, TIFF)"
        case .undecodable(let path, _): "source image `\(path)` is truncated or corrupt and cannot be decoded"
        case let .unknownSymbol(name, suggestions):
            "no icon for the symbol `\(name)`"
                + (suggestions.isEmpty
                    ? "; see the symbol table in docs/url-api.md" : "; did you mean \(suggestions.map { "`\($0)`" }.joined(separator: ", "))?")
        case let .unknownFont(name, available, more):
            "no installed font family is named `\(name)`; installed: \(available.map { "\"\($0)\"" }.joined(separator: ", "))"
                + (more > 0 ? " and \(more) more" : "")
        case .layout(let error): error.description
        case let .sourceTooLarge(path, reason): "source image `\(path)` is too large: \(reason)"
        case let .frameOutOfRange(path, frame, count):
            "frame=\(frame) is past the last frame of `\(path)`, which has \(count) frame\(count == 1 ? "" : "s") (0 to \(count - 1))"
        case .outputTooLarge(let reason): "the requested image is too large: \(reason)"
        case .overBudget(let reason): "the requested image is too costly to render: \(reason)"
        case .tooSlow(let reason): "the requested image is too slow to render: \(reason)"
        case .timedOut: "rendering took longer than the time limit and was stopped"
        case .internalFailure(let error): "rendering failed: \(error.operation)"
        case .unresolvedSource(let ref): "the image \(ref) was not resolved before rendering"
        }
    }
}
