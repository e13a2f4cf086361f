/// The "how far apart" of two names, for every "did you mean": the query language's values
/// (`Suggestion`) and the renderer's symbol names (`SymbolNames`).
public enum EditDistance {
    /// Edit distance over UTF-8 bytes (the names compared are ASCII): insertions, deletions,
    /// substitutions and swaps of neighbours (`wepb` is one edit from `webp`).
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], rows[i - 2][j - 2] + 1) }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
