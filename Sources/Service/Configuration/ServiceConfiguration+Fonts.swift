import Cache
import Foundation
import Render

extension ServiceConfiguration {
    /// Loads the brand fonts of `fonts` for this process (`BrandFonts.load`) and returns their
    /// families, sorted; none when `fonts` is unset. Loading the same folder again does nothing, so
    /// `serve` loads them at start-up (stopping on a bad folder) and `ImageService` may ask again.
    public func loadFonts() throws(ConfigurationError) -> [String] {
        guard let fonts else { return [] }
        do {
            return try BrandFonts.load(folder: fonts)
        } catch {
            let reason =
                switch error {
                case .unreadable: "cannot be read"
                case .noFonts: "holds no TrueType or OpenType font"
                case .fontconfigUnavailable: "cannot be loaded: fontconfig could not build a configuration"
                }
            throw .unusableFolder(key: "fonts", path: fonts, reason: reason)
        }
    }

    /// What identifies the brand fonts' current files, for cache keys and ETags: a digest of every
    /// file under `fonts` (path in the folder, size, modification time), so replacing a font and
    /// restarting renders text again instead of serving pictures of the old glyphs. `nil` when
    /// `fonts` is unset, which leaves every key as it was without brand fonts.
    public func fontsVersion() -> String? {
        guard let fonts else { return nil }
        let folder = URL(fileURLWithPath: fonts, isDirectory: true)
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys)?.allObjects.compactMap { $0 as? URL } ?? []
        let lines = files.compactMap { file -> String? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            let modified = values.contentModificationDate?.timeIntervalSince1970 ?? 0
            return "\(file.path.dropFirst(folder.path.count))\t\(values.fileSize ?? 0)\t\(modified)"
        }
        return String(CacheKey(material: lines.sorted().joined(separator: "\n")).hex.prefix(32))
    }
}
