import Layout
import Vips

/// A source file found for an image reference: its name under the root (which may add an extension
/// or an `@2x`/`@3x` suffix to the name the view used; the suffix sets the image's scale) and the
/// open file, with what identifies its version for cache keys and ETags.
public struct ResolvedSource: Sendable {
    public let name: String
    public let file: ImageFile
    /// Changes whenever the image may have: the file's size and modification time, or for an
    /// original from an origin, its size and the origin's validators.
    public let version: String

    public init(name: String, file: ImageFile, version: String? = nil) {
        self.name = name
        self.file = file
        self.version = version ?? "\(file.size)\t\(file.modified)"
    }
}

extension SourceDirectory {
    /// Image file extensions an `Image("name")` may leave out, in the order they are tried.
    public static let assetExtensions = ["png", "jpg", "jpeg", "webp", "heic", "heif", "avif", "gif", "tiff", "tif", "svg", "pdf"]

    /// The file for `ref`: the request's own path exactly as given, or an `Image("…")` name looked up
    /// as an asset catalog would (`asset(named:scale:)`).
    public func source(for ref: ImageRef, primary: String, scale: Double) throws(RenderError) -> ResolvedSource {
        switch ref {
        case .primary: ResolvedSource(name: primary, file: try file(named: primary))
        case .named(let name): try asset(named: name, scale: scale)
        }
    }

    /// `Image("name")` as Xcode resolves it: the exact name first, then the name with a known image
    /// extension, then its `@2x`/`@3x` variants, the one for the render scale first (`@2x` up to
    /// scale 2, `@3x` above). So `Image("landscape_4")` finds `landscape_4.jpg`. A name that exists
    /// but is not a readable image file stops the search with that error.
    public func asset(named name: String, scale: Double) throws(RenderError) -> ResolvedSource {
        for candidate in Self.assetCandidates(for: name, scale: scale) {
            do {
                return ResolvedSource(name: candidate, file: try file(named: candidate))
            } catch .sourceNotFound {
                continue
            }
        }
        throw .sourceNotFound(name)
    }

    /// The names `asset(named:scale:)` tries, in order.
    static func assetCandidates(for name: String, scale: Double) -> [String] {
        let dot = name.lastIndex(of: ".")
        let givenExtension = dot.map { String(name[name.index(after: $0)...]).lowercased() }
        let hasExtension = givenExtension.map(assetExtensions.contains) ?? false
        // Variants go before the extension: `logo.png` → `logo@2x.png`.
        let stem = hasExtension ? String(name[..<dot!]) : name
        let extensions = hasExtension ? [String(name[name.index(after: dot!)...])] : assetExtensions
        let variants = scale > 2 ? [3, 2] : [2, 3]
        var names = [name]
        if !hasExtension { names += extensions.map { "\(name).\($0)" } }
        for factor in variants {
            names += extensions.map { "\(stem)@\(factor)x.\($0)" }
        }
        return names
    }
}
