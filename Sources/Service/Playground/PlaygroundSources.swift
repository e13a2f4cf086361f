import Foundation
import Render
import Sources

/// The image files under the source root, for the playground's picker: names relative to the root,
/// sorted, at most `Limits.playgroundSources`, looked for at most `Limits.playgroundSourceDepth`
/// levels deep. Hidden entries (a leading `.`) and symbolic links are skipped, so every name is a
/// plain file inside the root, and the listing says nothing about anything else on the machine.
struct PlaygroundSources {
    /// The names found, sorted.
    private(set) var names: [String] = []
    /// True when more files than `Limits.playgroundSources` were found.
    private(set) var isTruncated = false

    /// `root` is `SourceDirectory.resolvedRoot`; `nil` (unreadable) lists nothing.
    init(root: String?, limit: Int = Limits.playgroundSources, depth: Int = Limits.playgroundSourceDepth) {
        guard let root else { return }
        let extensions = Set(SourceDirectory.assetExtensions)
        var found: [String] = []
        // Breadth-first, so a deep folder cannot crowd out the root's own files; stops one past the
        // limit, so a huge root costs no more than `limit` names.
        var folders: [(path: String, name: String, level: Int)] = [(root, "", 1)]
        let fm = FileManager.default
        scan: while !folders.isEmpty {
            let folder = folders.removeFirst()
            guard let entries = try? fm.contentsOfDirectory(atPath: folder.path) else { continue }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let path = folder.path + "/" + entry
                let name = folder.name.isEmpty ? entry : folder.name + "/" + entry
                // `attributesOfItem` reads the entry itself (lstat): a link is a link, never its target.
                guard let type = (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else { continue }
                if type == .typeDirectory, folder.level < depth {
                    folders.append((path, name, folder.level + 1))
                } else if type == .typeRegular, extensions.contains((entry as NSString).pathExtension.lowercased()) {
                    found.append(name)
                    if found.count > limit { break scan }
                }
            }
        }
        isTruncated = found.count > limit
        names = Array(found.prefix(limit)).sorted()
    }
}
