/// The folder images are served from: maps the request's path and `Image("…")` names to files.
public struct SourceDirectory: Sendable {
    /// The root folder, without a trailing slash.
    public let root: String

    public init(root: String) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// The file for `name`, a path relative to the root. Absolute paths, `..`, `.` and empty segments
    /// are refused so a name cannot leave the root by spelling.
    public func path(for name: String) throws(RenderError) -> String {
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0"),
              segments.allSatisfy({ !$0.isEmpty && $0 != ".." && $0 != "." })
        else { throw .sourceNotFound(name) }
        return root + "/" + name
    }
}
