extension SourceDirectory {
    /// The one file whose name is among `names` when letter case is ignored, for a name with no
    /// exact match (`Image("Landscape_4")` finding `landscape_4.jpg`): `nil` when none is, its name
    /// under the root when one is, `ambiguous` (naming them all) when several are. Only the last
    /// segment is compared this way; folders must be spelled exactly. Every name in `names` is in
    /// the same folder (they differ only after the last `/`). What is found is opened by
    /// `file(named:)` like any name, so the path rule and the root's confinement apply unchanged.
    /// - Parameter asked: the name as the request wrote it, for the error.
    func foldedMatch(among names: [String], asked: String) throws(SourceError) -> String? {
        guard let first = names.first else { return nil }
        let folder = first.lastIndex(of: "/").map { String(first[..<$0]) }
        let realFolder: String?
        if let folder {
            realFolder = try? path(for: folder)
        } else {
            realFolder = resolvedRoot
        }
        guard let realFolder else { return nil }
        var found: [String] = []
        for name in names {
            let leaf = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
            for entry in listings.entries(folded: leaf.lowercased(), in: realFolder) where !found.contains(entry) {
                found.append(entry)
            }
        }
        let prefix = folder.map { $0 + "/" } ?? ""
        let matches = found.sorted().map { prefix + $0 }
        guard matches.count <= 1 else { throw .ambiguous(asked, candidates: matches) }
        return matches.first
    }

    /// The file `foldedMatch` found, opened with the same checks as any name; a `notFound` (a
    /// symlink leading outside the root) names what the request asked for, as a missing file does.
    func source(found: String, asked: String) throws(SourceError) -> ResolvedSource {
        do {
            return ResolvedSource(name: found, file: try file(named: found))
        } catch .notFound {
            throw .notFound(asked)
        }
    }
}
