import CheckedConversion
import Foundation
import Origins

/// How setting values are read from text, and spelled back the way the config file writes them.
extension Settings {
    // MARK: value parsers

    static func text(_ value: String) throws(SettingError) -> String {
        guard !value.isEmpty else { throw SettingError(reason: "must not be empty") }
        return value
    }

    static func integer(_ value: String, _ range: ClosedRange<Int>) throws(SettingError) -> Int {
        guard let n = Int(value), range.contains(n) else {
            throw SettingError(reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// `HOST:PORT` (`[::1]:9090` for IPv6; `:9090` for every IPv4 interface), or empty for none.
    static func listenAddress(_ value: String) throws(SettingError) -> ListenAddress? {
        guard !value.isEmpty else { return nil }
        let reason = "must be HOST:PORT, such as 127.0.0.1:9090, [::1]:9090 or :9090 (port 0 picks a free one)"
        guard let colon = value.lastIndex(of: ":"), let port = Int(value[value.index(after: colon)...]), (0...65535).contains(port) else {
            throw SettingError(reason: reason)
        }
        var host = String(value[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.contains("[") && !host.contains("]") else { throw SettingError(reason: reason) }
        return ListenAddress(host: host.isEmpty ? "0.0.0.0" : host, port: port)
    }

    static func bool(_ value: String) throws(SettingError) -> Bool {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw SettingError(reason: "must be true or false")
        }
    }

    /// `10s`, `500ms`, `2m`, or a bare number of seconds.
    static func duration(_ value: String) throws(SettingError) -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = value
        var scale = 1.0
        for (suffix, factor) in units where value.hasSuffix(suffix) && Double(value.dropLast(suffix.count)) != nil {
            number = String(value.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let n = Double(number), n.isFinite, n >= 0, n * scale <= 86400 else {
            throw SettingError(reason: "must be a duration such as 500ms, 10s or 2m (at most a day)")
        }
        return .milliseconds(Int64(saturating: (n * scale * 1000).rounded()))
    }

    /// A byte count: `8192`, `8KiB`, `1MiB`.
    static func bytes(_ value: String, allowZero: Bool = false) throws(SettingError) -> Int {
        let units: [(String, Int)] = [("KiB", 1024), ("MiB", 1024 * 1024), ("GiB", 1024 * 1024 * 1024), ("B", 1)]
        var number = value
        var scale = 1
        for (suffix, factor) in units where value.hasSuffix(suffix) {
            number = String(value.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let n = Int(number), n >= (allowZero ? 0 : 1), n <= Int(Int32.max) / scale else {
            throw SettingError(reason: "must be a byte count such as 8192, 8KiB or 1MiB")
        }
        return n * scale
    }

    // MARK: value spellings (the parsers' inverses, for `Setting.read`)

    /// `1GiB`, `16MiB`, `8KiB`, or the bare count when it is not a whole number of KiB.
    static func bytesText(_ count: Int) -> String {
        for (suffix, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where count != 0 && count % factor == 0 {
            return "\(count / factor)\(suffix)"
        }
        return String(count)
    }

    /// `500ms`, `10s`, `60s`, `5m`, `2h`: whole minutes (hours) above one minute (hour) print as such.
    static func durationText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 != 0 { return "\(milliseconds)ms" }
        if seconds > 3600 && seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 60 && seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// `4` for a whole number, else its decimal spelling (`1.5`).
    static func numberText(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }

    /// `HOST:PORT`, with an IPv6 host in brackets.
    static func listenText(_ address: ListenAddress) -> String {
        (address.host.contains(":") ? "[\(address.host)]" : address.host) + ":\(address.port)"
    }

    /// `cors.allow_origins` as written: "" (none), `*`, or the origins sorted, comma-separated.
    static func corsText(_ origins: CORSPolicy.Origins) -> String {
        switch origins {
        case .none: ""
        case .any: "*"
        case .listed(let listed): listed.sorted().joined(separator: ", ")
        }
    }

    /// Sets one field of a bucket's settings (`region`, `endpoint`, `addressing`, `credentials`).
    static func bucketOption(_ field: String, _ value: String, _ options: inout S3Bucket.Options) throws(SettingError) {
        switch field {
        case "region": options.region = try text(value)
        case "endpoint": options.endpoint = value.isEmpty ? nil : value
        case "addressing":
            guard let addressing = S3Bucket.Addressing(rawValue: value.lowercased()) else {
                throw SettingError(reason: "must be one of \(S3Bucket.Addressing.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.addressing = addressing
        default:
            guard let source = CredentialSource(rawValue: value.lowercased()) else {
                throw SettingError(reason: "must be one of \(CredentialSource.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.credentials = source
        }
    }
}
