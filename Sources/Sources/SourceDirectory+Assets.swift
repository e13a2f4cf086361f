import Layout
import Vips

extension SourceDirectory {
    /// Image file extensions an `Image("name")` may leave out, in the order they are tried.
    public static let assetExtensions = ["png", "jpg", "jpeg", "webp", "heic", "heif", "avif", "gif", "tiff", "tif", "svg", "pdf"]

    /// The file for `ref`: the request's own path as given (`source(named:)`), or an `Image("…")`
    /// name looked up as an asset catalog would (`asset(named:scale:)`).
    public func source(for ref: ImageRef, primary: String, scale: Double) throws(SourceError) -> ResolvedSource {
        switch ref {
        case .primary: try source(named: primary)
        case .named(let name): try asset(named: name, scale: scale)
        }
    }

    /// `Image("name")` as Xcode resolves it: the exact name first, then the name with a known image
    /// extension, then its `@2x`/`@3x` variants, the one for the render scale first (`@2x` up to
    /// scale 2, `@3x` above). So `Image("landscape_4")` finds `landscape_4.jpg`. When no candidate
    /// exists exactly, letter case is ignored, one group at a time (the name and its extensions,
    /// then each variant), and a group's single match is used (`Image("Landscape_4")` finds
    /// `landscape_4.jpg`; with `LANDSCAPE_4.png` too it is `ambiguous`). A name that exists but is
    /// not a readable image file, or one `SourceName` refuses, stops the search with that error.
    public func asset(named name: String, scale: Double) throws(SourceError) -> ResolvedSource {
        let groups = Self.assetCandidateGroups(for: name, scale: scale)
        for candidate in groups.joined() {
            do {
                return ResolvedSource(name: candidate, file: try file(named: candidate))
            } catch .notFound {
                continue
            }
        }
        for group in groups {
            if let found = try foldedMatch(among: group, asked: name) {
                return try source(found: found, asked: name)
            }
        }
        throw .notFound(name)
    }

    /// The names `asset(named:scale:)` tries, in order.
    static func assetCandidates(for name: String, scale: Double) -> [String] {
        Array(assetCandidateGroups(for: name, scale: scale).joined())
    }

    /// The names `asset(named:scale:)` tries, in order, grouped: the name and the name with each
    /// extension, then the variants of each scale. Ignoring case, a group must match one file.
    static func assetCandidateGroups(for name: String, scale: Double) -> [[String]] {
        let dot = name.lastIndex(of: ".")
        let givenExtension = dot.map { String(name[name.index(after: $0)...]).lowercased() }
        let hasExtension = givenExtension.map(assetExtensions.contains) ?? false
        // Variants go before the extension: `logo.png` → `logo@2x.png`.
        let stem = hasExtension ? String(name[..<dot!]) : name
        let extensions = hasExtension ? [String(name[name.index(after: dot!)...])] : assetExtensions
        let variants = scale > 2 ? [3, 2] : [2, 3]
        var groups = [[name] + (hasExtension ? [] : extensions.map { "\(name).\($0)" })]
        for factor in variants {
            groups.append(extensions.map { "\(stem)@\(factor)x.\($0)" })
        }
        return groups
    }
}
