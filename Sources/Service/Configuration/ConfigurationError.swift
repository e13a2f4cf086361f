/// Why the configuration cannot be used; start-up stops with this message.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value that does not fit its key.
    case invalid(key: String, value: String, origin: String, reason: String)
    /// A key no setting has.
    case unknownKey(String, origin: String)
    /// The config file cannot be read.
    case unreadableFile(String)
    /// A line of the config file that is not `key = value`.
    case malformedLine(file: String, line: Int, text: String)
    /// A folder setting whose folder cannot be used (checked at start-up, after loading).
    case unusableFolder(key: String, path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalid(key, value, origin, reason):
            "configuration: `\(key)` = `\(value)` (\(origin)): \(reason)"
        case let .unknownKey(key, origin):
            "configuration: unknown key `\(key)` (\(origin)); see config/imgframe.conf for every key"
        case .unreadableFile(let path):
            "configuration: cannot read config file `\(path)`"
        case let .malformedLine(file, line, text):
            "configuration: \(file) line \(line) is not `key = value`: `\(text)`"
        case let .unusableFolder(key, path, reason):
            "configuration: `\(key)`: \(path) \(reason)"
        }
    }
}
