import CCairo
import CheckedConversion
import Synchronization

/// The brand fonts: TrueType and OpenType files in one folder (the `fonts` setting), added to
/// fontconfig for this process only, never installed system-wide. `Font.custom("Brand", size:)` then
/// finds them like any installed family, in measuring and drawing alike, and PDFs embed the glyphs
/// used (cairo subsets every font it writes).
///
/// Loading builds a fresh fontconfig configuration (the system's fonts plus the folder) and makes it
/// current, so a second load replaces the first folder's fonts instead of adding to them; Pango's
/// per-thread font maps follow on their next use (`FontMap`). Load before serving: a render on
/// another thread during the swap still draws, in the fonts of the configuration it started with.
public enum BrandFonts {
    /// The loaded folder and the families found in it.
    private static let loaded = Mutex<(folder: String, families: [String])?>(nil)

    /// The families of the loaded folder, sorted; empty when none was loaded.
    public static var families: [String] { loaded.withLock { $0?.families ?? [] } }

    /// Loads every font in `folder` (subfolders included) for this process and returns the
    /// families found, sorted. Loading the folder already loaded does nothing.
    public static func load(folder: String) throws(FontFolderError) -> [String] {
        try loaded.withLock { (state) throws(FontFolderError) -> [String] in
            if let state, state.folder == folder { return state.families }
            guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
            defer { FcConfigDestroy(config) }
            // fontconfig names files in `FcChar8` (UTF-8 bytes), not `char`.
            guard FcConfigAppFontAddDir(config, Array(folder.utf8) + [0]) != 0 else { throw .unreadable(folder) }
            let families = applicationFamilies(config)
            guard !families.isEmpty else { throw .noFonts(folder) }
            // The current configuration takes its own reference; ours goes with `defer`.
            guard FcConfigSetCurrent(config) != 0 else { throw .fontconfigUnavailable }
            state = (folder, families)
            FontMap.generation.add(1, ordering: .releasing)
            return families
        }
    }

    /// The first family name of every font fontconfig added from the application folder.
    private static func applicationFamilies(_ config: OpaquePointer) -> [String] {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var families = Set<String>()
        for index in 0..<Int(set.pointee.nfont) {
            var name: UnsafeMutablePointer<FcChar8>?
            guard let pattern = set.pointee.fonts[index], FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name else {
                continue
            }
            families.insert(String(cString: name))
        }
        return families.sorted()
    }
}
