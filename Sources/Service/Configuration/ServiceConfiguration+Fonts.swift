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
}
