extension StringProtocol {
    /// Without the leading and trailing characters in `set` (spaces and tabs unless told): setting
    /// values and header values.
    func trimmed(of set: String = " \t") -> String {
        var s = self[...]
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
