import Foundation
import Hashing
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
    /// file under `fonts` (its path in the folder and its bytes), so replacing a font and restarting
    /// renders text again instead of serving pictures of the old glyphs. By content, not modification
    /// time, so replicas given the same files (from one ConfigMap or image) agree on every ETag. `nil`
    /// when `fonts` is unset, which leaves every key as it was without brand fonts.
    public func fontsVersion() -> String? {
        guard let fonts else { return nil }
        let folder = URL(fileURLWithPath: fonts, isDirectory: true)
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects.compactMap { $0 as? URL } ?? []
        let hasher = SHA256Hasher()
        for file in files.sorted(by: { $0.path < $1.path }) where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            hasher.update(Array(file.path.dropFirst(folder.path.count).utf8) + [0])
            hasher.update(Array((try? Data(contentsOf: file)) ?? Data()))
        }
        return String(hasher.finish().hexString.prefix(32))
    }
}
