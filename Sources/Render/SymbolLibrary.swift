import Foundation
import Synchronization

/// The icons `Image(systemName:)` draws: Debian's Bootstrap Icons SVGs (16×16 view box,
/// `fill="currentColor"`), looked up by SF Symbols name through `SymbolNames`. These files are
/// trusted: they come with the service's image, never from a request, so they are parsed with
/// librsvg directly while SVG sources stay blocked. Read files are kept for the process's life
/// (under 2,000 small files); safe to use from several threads at once.
public final class SymbolLibrary: Sendable {
    /// Where Debian's `bootstrap-icons` package installs its SVGs.
    public static let defaultDirectory = "/usr/share/bootstrap-icons/svg"
    /// The library the renderer uses unless given another.
    public static let shared = SymbolLibrary(directory: defaultDirectory)

    /// The folder of `<icon>.svg` files.
    public let directory: String
    private let files = Mutex<[String: [UInt8]]>([:])
    private let listing = Mutex<[String]?>(nil)

    public init(directory: String) {
        self.directory = directory
    }

    /// The SVG bytes of every symbol in `names`, by SF name; an unknown name fails the whole request
    /// with close names to try.
    public func glyphs(for names: Set<String>) throws(RenderError) -> [String: [UInt8]] {
        var glyphs: [String: [UInt8]] = [:]
        for name in names.sorted() { glyphs[name] = try glyph(named: name) }
        return glyphs
    }

    /// The SVG bytes `name` maps to: the first icon of `SymbolNames.iconNames(for:)` present.
    public func glyph(named name: String) throws(RenderError) -> [UInt8] {
        for icon in SymbolNames.iconNames(for: name) {
            if let bytes = file(icon) { return bytes }
        }
        throw .unknownSymbol(name, suggestions: SymbolNames.suggestions(for: name, icons: iconNames()))
    }

    private func file(_ icon: String) -> [UInt8]? {
        if let cached = files.withLock({ $0[icon] }) { return cached }
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(icon).svg") else { return nil }
        let bytes = [UInt8](data)
        files.withLock { $0[icon] = bytes }
        return bytes
    }

    /// The icons in the folder (file names without `.svg`), read once.
    private func iconNames() -> [String] {
        if let known = listing.withLock({ $0 }) { return known }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".svg") }
            .map { String($0.dropLast(".svg".count)) }
        listing.withLock { $0 = names }
        return names
    }
}
