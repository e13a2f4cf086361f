/// Why the brand font folder (the `fonts` setting) could not be loaded.
public enum FontFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// fontconfig could not start (no configuration could be built).
    case fontconfigUnavailable
    /// The folder does not exist, is not a folder or cannot be read.
    case unreadable(String)
    /// The folder holds no TrueType or OpenType font fontconfig can read.
    case noFonts(String)

    public var description: String {
        switch self {
        case .fontconfigUnavailable: "fontconfig could not build a configuration"
        case .unreadable(let path): "the fonts folder \(path) cannot be read"
        case .noFonts(let path): "the fonts folder \(path) holds no TrueType or OpenType font"
        }
    }
}
