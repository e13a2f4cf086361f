import CheckedConversion
import Foundation

/// `Cache-Control` for the answer to a signed URL with `exp`: no cache, CDN or browser, may keep it
/// past the moment the URL stops verifying. `max-age` (and `s-maxage`) become at most the seconds
/// left; `immutable` goes, and so do `stale-while-revalidate` and `stale-if-error`, which would let a
/// cache serve the answer after that moment; a value that forbids storing (`no-store`) is kept as it is.
enum ExpiringCacheControl {
    /// `value` (the configured `cache_control`) bounded to `secondsLeft` (0 when already past).
    static func bounded(_ value: String, secondsLeft: Int) -> String {
        let left = max(0, secondsLeft)
        var directives: [String] = []
        var hasMaxAge = false
        for part in value.split(separator: ",") {
            let directive = part.trimmingCharacters(in: .whitespaces)
            let lower = directive.lowercased()
            if lower == "no-store" { return value }
            if lower == "immutable" || lower.hasPrefix("stale-while-revalidate") || lower.hasPrefix("stale-if-error") { continue }
            if let name = ["max-age", "s-maxage"].first(where: { lower.hasPrefix($0 + "=") }) {
                let seconds = Int(lower.dropFirst(name.count + 1)) ?? left
                directives.append("\(name)=\(min(seconds, left))")
                hasMaxAge = hasMaxAge || name == "max-age"
                continue
            }
            directives.append(directive)
        }
        if !hasMaxAge { directives.append("max-age=\(left)") }
        return directives.joined(separator: ", ")
    }
}
