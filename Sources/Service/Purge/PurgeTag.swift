import HTTP1
import Hashing

/// The tags a result is purged by, at the CDN (`Surrogate-Key`, `Cache-Tag`) and here
/// (`POST /admin/purge`): `s-` and the first 16 hex digits of the SHA-256 of a source's name, one
/// for each source the result shows; `t-` and the same of the view template's name for `/view/`.
///
/// A source's name is what names it whatever its version: its path under the root as found
/// (`photos/a.jpg`; the file an `Image("logo")` found, `logo@2x.png`), or for an original from an
/// origin the name the URL gives it (`cdn/photos/a.jpg`, which names one origin URL). Its version
/// (size, time, validators) is not part of it: a replaced original keeps its tag.
enum PurgeTag {
    /// Hex digits of the hash a tag keeps: 64 bits, so tags stay short in headers.
    static let hexDigits = 16

    /// `s-<hex>` for the source `name`.
    static func source(_ name: String) -> String {
        "s-" + digest(name)
    }

    /// `t-<hex>` for the view template `name`.
    static func template(_ name: String) -> String {
        "t-" + digest(name)
    }

    /// Whether `text` is a tag this service writes: `s-` or `t-` and 16 lower-case hex digits.
    static func isValid(_ text: String) -> Bool {
        guard text.utf8.count == 2 + hexDigits, text.hasPrefix("s-") || text.hasPrefix("t-") else { return false }
        return text.utf8.dropFirst(2).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func digest(_ name: String) -> String {
        String(SHA256.hash(name).hexString.prefix(hexDigits))
    }

    /// A result's tags: each source's once, sorted by their text, then the template's.
    static func tags(sources: [String], template: String?) -> [String] {
        Set(sources.map(source)).sorted() + (template.map { [Self.template($0)] } ?? [])
    }

    /// `Surrogate-Key` (space-separated, Fastly) and `Cache-Tag` (comma-separated, Cloudflare)
    /// naming `tags`; nothing without tags.
    static func add(_ tags: [String], to headers: inout HTTPHeaders) {
        guard !tags.isEmpty else { return }
        headers.add("Surrogate-Key", tags.joined(separator: " "))
        headers.add("Cache-Tag", tags.joined(separator: ","))
    }
}
