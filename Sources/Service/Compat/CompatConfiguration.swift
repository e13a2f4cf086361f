import CheckedConversion

/// imgproxy's and thumbor's URL formats, each under a path prefix of its own (`compat.imgproxy`,
/// `compat.thumbor`), with the signing secrets of the system it stands in for.
public struct CompatConfiguration: Sendable, Equatable {
    /// The path prefix of imgproxy URLs (`/_ip`), without a trailing `/`; `nil`: off.
    public var imgproxy: String?
    /// imgproxy's key and salt as hex (`IMGPROXY_KEY`, `IMGPROXY_SALT`); empty: unsigned URLs.
    public var imgproxyKey = ""
    public var imgproxySalt = ""
    /// How many bytes of the MAC a signature holds (`IMGPROXY_SIGNATURE_SIZE`).
    public var imgproxySignatureSize = 32
    /// The image under the root that `wm` draws; `nil`: `wm` is a 400.
    public var imgproxyWatermark: String?
    /// The path prefix of thumbor URLs (`/_tb`); `nil`: off.
    public var thumbor: String?
    /// thumbor's `SECURITY_KEY`; empty: `unsafe/` URLs.
    public var thumborKey = ""

    public init() {}

    /// Paths the service's own routes take, which a prefix may not shadow.
    static let reservedPrefixes = ["/img", "/view", "/info", "/playground", "/healthz", "/readyz", "/metrics", "/admin"]

    /// `/_ip` (a trailing `/` dropped), or `nil` for an empty value.
    static func prefix(_ text: String) throws(SettingError) -> String? {
        var prefix = text
        while prefix.hasSuffix("/") { prefix.removeLast() }
        guard !text.isEmpty else { return nil }
        guard prefix.hasPrefix("/"), prefix.count > 1, !prefix.dropFirst().contains("/"),
            prefix.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "%") })
        else {
            throw SettingError(reason: "must be one path segment starting with `/`, such as /_ip")
        }
        guard !reservedPrefixes.contains(where: { prefix == $0 }) else { throw SettingError(reason: "is a path of ImageFrame's own routes") }
        return prefix
    }

    /// An even number of hex digits, or empty.
    static func hex(_ text: String) throws(SettingError) -> String {
        guard text.isEmpty || ImgproxySignature.hexBytes(text) != nil else {
            throw SettingError(reason: "must be hex digits, an even number of them")
        }
        return text
    }

    /// Why these settings cannot serve, given whether native signing is on; `nil` when they can.
    func problem(signing: Bool) -> ConfigurationError? {
        if imgproxy != nil, imgproxyKey.isEmpty != imgproxySalt.isEmpty {
            return .invalid(
                key: "compat.imgproxy.key", value: "", origin: "compat.imgproxy.salt",
                reason: "imgproxy signs with a key and a salt: set both, or neither")
        }
        if let prefix = imgproxy, prefix == thumbor {
            return .invalid(
                key: "compat.thumbor", value: prefix, origin: "compat.imgproxy", reason: "imgproxy and thumbor URLs need prefixes of their own")
        }
        if signing, imgproxy != nil, imgproxyKey.isEmpty {
            return .invalid(
                key: "compat.imgproxy.key", value: "", origin: "signing.keys",
                reason: "signing is on: set compat.imgproxy.key and .salt so imgproxy URLs are signed too")
        }
        if signing, thumbor != nil, thumborKey.isEmpty {
            return .invalid(
                key: "compat.thumbor.key", value: "", origin: "signing.keys",
                reason: "signing is on: set compat.thumbor.key so thumbor URLs are signed too")
        }
        return nil
    }
}
