import Foundation

extension ServiceConfiguration {
    /// Checks what loading cannot: that `root` (and `fonts`, when set) is a folder the process can
    /// list and read, that `fallback`, when set, is a file it can read, and that the `compat.`
    /// settings fit together and with signing (`CompatConfiguration.problem`). `serve`
    /// stops (exit 78) on the error instead of answering 404 to every request. The cache folder is
    /// not checked: it is created on demand, and a cache that cannot be written only costs renders.
    public func checkFolders() throws(ConfigurationError) {
        if let reason = Self.folderProblem(root) { throw .unusableFolder(key: "root", path: root, reason: reason) }
        if let fonts, let reason = Self.folderProblem(fonts) { throw .unusableFolder(key: "fonts", path: fonts, reason: reason) }
        if let fallback, let reason = Self.fileProblem(fallback) { throw .unusableFolder(key: "fallback", path: fallback, reason: reason) }
        if let problem = compat.problem(signing: !signingKeys.isEmpty) { throw problem }
    }

    /// `does not exist`, `is a folder`, `cannot be read`, or `nil` when `path` is a readable file.
    static func fileProblem(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "does not exist" }
        guard !isFolder.boolValue else { return "is a folder, not an image file" }
        guard access(path, R_OK) == 0 else { return "cannot be read" }
        return nil
    }

    /// `does not exist`, `is not a folder`, `cannot be read`, or `nil` when `path` is a readable folder.
    static func folderProblem(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "does not exist" }
        guard isFolder.boolValue else { return "is not a folder" }
        // Listing needs read, reaching files needs search (execute) permission.
        guard access(path, R_OK | X_OK) == 0 else { return "cannot be read" }
        return nil
    }
}
