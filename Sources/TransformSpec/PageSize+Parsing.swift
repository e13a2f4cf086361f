import Layout

extension PageSize {
    /// `WxH` in points (`800x600`, `595.28x841.89`) or a name (`a4`, `letter`, any case); each side
    /// finite, above 0 and at most `maxSide`.
    static func parse(_ text: String, maxSide: Double, numbers: NumberBounds = NumberBounds()) throws(SpecError) -> PageSize {
        let expected = "WxH in points (e.g. 800x600, each side above 0 and at most \(NumberText.format(maxSide))), a4 or letter"
        if let known = named.first(where: { $0.name == text.lowercased() }) { return known.size }
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = numbers.number(sides[0]), let height = numbers.number(sides[1]) else {
            throw .invalidValue(param: "page", value: text, expected: expected)
        }
        for side in [width, height] where !(side.isFinite && side > 0 && side <= maxSide) {
            throw .invalidValue(param: "page", value: text, expected: expected)
        }
        return PageSize(width: width, height: height)
    }

    /// `WxH` with the shortest number spellings: the canonical form of `page=` (`a4` prints as its size).
    public var canonicalText: String {
        NumberText.format(width) + "x" + NumberText.format(height)
    }
}
