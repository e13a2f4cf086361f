import CheckedConversion
import HTTP1
import TransformSpec

/// `dl=` on `/img/` and `/view/` (imgproxy's `filename` + `return_attachment`): the browser saves the
/// image instead of showing it. `dl=1` names the file after the source (or template) with the output
/// format's extension; `dl=name` names it, with the output format's extension in place of any it
/// has; `dl=0` is the same as no `dl`. Only a header changes:
/// `dl` is not part of the canonical request, so the bytes, the ETag and the cache entry are those of
/// the same URL without it.
enum ContentDisposition {
    /// The `dl` value of a query, or `nil` when absent, `0` or `false`.
    static func requested(in query: Substring) -> String? {
        // Most requests have no `dl`: a byte scan answers them without parsing the query.
        guard mayName(query), let pairs = try? QueryParameters.pairs(String(query)) else { return nil }
        guard let value = pairs.last(where: { $0.key == "dl" })?.value, value != "0", value.lowercased() != "false" else { return nil }
        return value
    }

    /// Whether some parameter of `query` starts with `dl` (a scan that allocates nothing).
    private static func mayName(_ query: Substring) -> Bool {
        query.utf8.withContiguousStorageIfAvailable(mayName) ?? mayName(query.utf8)
    }

    private static func mayName(_ bytes: some Sequence<UInt8>) -> Bool {
        var atParameterStart = true
        var afterLeadingD = false
        for byte in bytes {
            if afterLeadingD && byte == UInt8(ascii: "l") { return true }
            afterLeadingD = atParameterStart && byte == UInt8(ascii: "d")
            atParameterStart = byte == UInt8(ascii: "&")
        }
        return false
    }

    /// Sets `Content-Disposition` on a successful image answer (`dl=`, imgproxy's `att`), the file
    /// named after `sourceName` unless `requested` names it; other answers are left alone.
    static func apply(to response: inout HTTPResponse, requested: String, sourceName: @autoclosure () -> String) {
        guard response.status == .ok, let contentType = response.headers["Content-Type"] else { return }
        response.headers.set("Content-Disposition", header(requested: requested, sourceName: sourceName(), contentType: contentType))
    }

    /// `attachment; filename="…"` (ASCII, quotes and backslashes removed), plus RFC 6266 / RFC 8187
    /// `filename*=UTF-8''…` when the name has non-ASCII characters.
    static func header(requested: String, sourceName: String, contentType: String) -> String {
        let fileExtension = extensionFor(contentType)
        var name: String
        if requested == "1" || requested.lowercased() == "true" || requested.isEmpty {
            let base = String(sourceName.split(separator: "/").last ?? "image")
            name = (base.lastIndex(of: ".").map { String(base[..<$0]) } ?? base) + "." + fileExtension
        } else {
            // Controls and format characters go (bidi overrides such as U+202E would show
            // `gpj.exe` as `exe.jpg`), and so does the client's extension: the file is named for
            // the format actually sent, so `x.html` with a PNG body is `x.png`.
            name = String(requested.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
            // Before looking for the extension: a format character (U+200D) after a dot would join
            // it into one Character that `lastIndex(of: ".")` does not see.
            name = String(name.unicodeScalars.filter { !Self.isInvisible($0) })
            if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
            name += "." + fileExtension
        }
        name = String(name.unicodeScalars.filter { !Self.isInvisible($0) && $0 != "\"" && $0 != "\\" && $0 != ";" })
        if name.hasPrefix(".") || name.isEmpty { name = "image" + (name.isEmpty ? "." + fileExtension : name) }
        let ascii = String(name.unicodeScalars.map { $0.isASCII ? Character($0) : "_" })
        guard ascii != name else { return "attachment; filename=\"\(name)\"" }
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded(name))"
    }

    /// Controls (C0, DEL, C1), format characters (bidi marks, overrides and isolates: U+200E,
    /// U+200F, U+202A–U+202E, U+2066–U+2069, U+061C; zero-width characters) and line or paragraph
    /// separators: nothing a file name should hold.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: false
        }
    }

    /// RFC 8187 §3.2.1 `attr-char`s stay; every other byte is `%XX`.
    private static func encoded(_ text: String) -> String {
        let keep = Set("!#$&+-.^_`|~".utf8)
        return text.utf8.map { byte in
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            return isAlphanumeric || keep.contains(byte)
                ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    private static func extensionFor(_ contentType: String) -> String {
        switch contentType {
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/webp": "webp"
        case "image/avif": "avif"
        case "image/jxl": "jxl"
        case "image/gif": "gif"
        case "image/tiff": "tif"
        case "application/pdf": "pdf"
        default: "bin"
        }
    }
}
