import Vips

/// A source file found for an image reference: its name under the root (which may add an extension
/// or an `@2x`/`@3x` suffix to the name the view used; the suffix sets the image's scale) and the
/// open file, with what identifies its version for cache keys and ETags.
public struct ResolvedSource: Sendable {
    /// The name the file was found under (the asked-for name, or an asset candidate of it).
    public let name: String
    /// The open file; its header is read later (`SourceImage`), its pixels only when drawn.
    public let file: ImageFile
    /// Changes whenever the image may have: the file's size and modification time, or for an
    /// original from an origin, its size and the origin's validators.
    public let version: String

    /// `version` defaults to the file's size and modification time.
    public init(name: String, file: ImageFile, version: String? = nil) {
        self.name = name
        self.file = file
        self.version = version ?? "\(file.size)\t\(file.modified)"
    }
}

/// What a source contributes to a request's identity: its name and its version
/// (`ResolvedSource.version`), which an S3 origin can give before its original is downloaded.
public struct SourceVersion: Sendable, Equatable {
    public let name: String
    public let version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    public init(_ source: ResolvedSource) {
        self.init(name: source.name, version: source.version)
    }
}
