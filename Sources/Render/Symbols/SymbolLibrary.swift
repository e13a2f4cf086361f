import Foundation
import Synchronization

/// The icons `Image(systemName:)` draws: Debian's Bootstrap Icons SVGs (16×16 view box,
/// `fill="currentColor"`), looked up by SF Symbols name through `SymbolNames`, and the few names no
/// single icon depicts composed from installed icons (`SymbolComposite`). These files are trusted:
/// they come with the service's image, never from a request, so they are parsed with librsvg
/// directly while SVG sources stay blocked. Read files and composed SVGs are kept for the process's
/// life (under 2,000 small files); safe to use from several threads at once.
public final class SymbolLibrary: Sendable {
    /// Where Debian's `bootstrap-icons` package installs its SVGs.
    public static let defaultDirectory = "/usr/share/bootstrap-icons/svg"
    /// Where Debian's `fonts-material-design-icons-iconfont` package installs Material Icons.
    public static let defaultMaterialIcons = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
    /// The library the renderer uses unless given another.
    public static let shared = SymbolLibrary(directory: defaultDirectory)

    /// The folder of `<icon>.svg` files.
    public let directory: String
    /// The Material Icons font file the waving hand is read from.
    public let materialIcons: String
    private let files = Mutex<[String: [UInt8]]>([:])
    private let composed = Mutex<[String: [UInt8]]>([:])
    private let listing = Mutex<[String]?>(nil)

    public init(directory: String, materialIcons: String = defaultMaterialIcons) {
        self.directory = directory
        self.materialIcons = materialIcons
    }

    /// The SVG bytes of every symbol in `names`, by SF name; an unknown name fails the whole request
    /// with close names to try.
    public func glyphs(for names: Set<String>) throws(RenderError) -> [String: [UInt8]] {
        var glyphs: [String: [UInt8]] = [:]
        for name in names.sorted() { glyphs[name] = try glyph(named: name) }
        return glyphs
    }

    /// The SVG bytes `name` maps to: its composed SVG (`SymbolComposite.table`), else the first icon
    /// of `SymbolNames.iconNames(for:)` present.
    public func glyph(named name: String) throws(RenderError) -> [UInt8] {
        if let composite = SymbolComposite.table[name] {
            if let bytes = composition(name, composite) { return bytes }
            throw .unknownSymbol(name, suggestions: SymbolNames.suggestions(for: name, icons: iconNames()))
        }
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

    /// `composite`'s SVG, composed once: the same bytes every time, so drawn symbols are reused
    /// (`SymbolLayers` keys its rasters by them). One that cannot be composed is tried again next time.
    private func composition(_ name: String, _ composite: SymbolComposite) -> [UInt8]? {
        if let cached = composed.withLock({ $0[name] }) { return cached }
        let font = materialIcons
        guard let bytes = composite.svg(icon: file, font: { FileManager.default.contents(atPath: font).map { [UInt8]($0) } }) else { return nil }
        composed.withLock { $0[name] = bytes }
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
