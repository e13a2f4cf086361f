import Sources

/// The path after `/img/` as a source name relative to the root, by `SourceName`'s one rule (the
/// same for `/info/` and `/playground/plan/`): every spelling that could point elsewhere is an
/// `invalidName` (400).
enum ImagePath {
    static let prefix = "/img/"

    /// - Parameter prefix: the route's prefix (`/img/`; `/info/` and `/playground/plan/` take the same paths).
    static func sourceName(fromTarget path: Substring, prefix: String = prefix) throws(SourceError) -> String {
        try SourceName.decoding(requestPath: path.dropFirst(prefix.count))
    }
}

/// Request problems the service itself detects (beside spec and render errors).
enum RequestError: Error {
    case methodNotAllowed
    case notFound
    /// A lane of the executor has its queue full.
    case overloaded
    /// No thread of a lane was free within `queue_timeout`.
    case queueTimedOut
    /// The process is above its memory high-water mark (`MemoryGovernor`).
    case memoryPressure
}
