import CheckedConversion

/// The outline of one glyph of a TrueType font, as SVG path data: how a symbol drawn by an icon font
/// (Material Icons' `waving_hand`) becomes an SVG like the Bootstrap icons. Reads only what that
/// takes (OpenType spec: `head`, `cmap` formats 4 and 12, `loca`, `glyf` simple glyphs); the font
/// is a trusted installed file, but every read is bounds-checked and anything else gives `nil`.
struct TrueTypeGlyph: Sendable, Hashable {
    /// The font's em (`head.unitsPerEm`): the path's box is `0 0 em em`.
    let unitsPerEm: Int
    /// SVG path data in the em square, y down (the font's baseline at `unitsPerEm`, as icon fonts
    /// draw each icon in the em above the baseline); TrueType's quadratic curves as `Q`, filled by
    /// the non-zero rule as TrueType fills.
    let pathData: String

    /// The glyph `codePoint` maps to in `font` (the file's bytes), or `nil` when the font does not
    /// map it, the glyph is composite or empty, or the file is not a TrueType font.
    init?(font: [UInt8], codePoint: UInt32) {
        let bytes = FontBytes(bytes: font)
        guard let head = bytes.table("head"), let cmap = bytes.table("cmap"), let loca = bytes.table("loca"),
            let glyf = bytes.table("glyf"), let em = bytes.u16(head + 18), em > 0, let locaFormat = bytes.u16(head + 50),
            let glyph = bytes.glyphIndex(of: codePoint, cmap: cmap), glyph > 0
        else { return nil }
        let start: Int?, end: Int?
        if locaFormat == 0 {
            start = bytes.u16(loca + 2 * glyph).map { 2 * $0 }
            end = bytes.u16(loca + 2 * glyph + 2).map { 2 * $0 }
        } else {
            start = bytes.u32(loca + 4 * glyph)
            end = bytes.u32(loca + 4 * glyph + 4)
        }
        guard let start, let end, end > start, let path = bytes.outline(at: glyf + start, em: em) else { return nil }
        unitsPerEm = em
        pathData = path
    }
}

/// Big-endian reads that give `nil` past the end.
private struct FontBytes {
    let bytes: [UInt8]

    func u8(_ at: Int) -> Int? { at >= 0 && at < bytes.count ? Int(bytes[at]) : nil }
    func u16(_ at: Int) -> Int? { u8(at).flatMap { hi in u8(at + 1).map { hi << 8 | $0 } } }
    func i16(_ at: Int) -> Int? { u16(at).map { Int(Int16(truncatingIfNeeded: $0)) } }
    func u32(_ at: Int) -> Int? { u16(at).flatMap { hi in u16(at + 2).map { hi << 16 | $0 } } }

    /// The offset of the table tagged `tag` (the table directory follows the 12-byte header).
    func table(_ tag: String) -> Int? {
        let wanted = Array(tag.utf8)
        guard let count = u16(4) else { return nil }
        for index in 0..<count {
            let record = 12 + 16 * index
            guard record + 16 <= bytes.count else { return nil }
            if Array(bytes[record..<record + 4]) == wanted { return u32(record + 8) }
        }
        return nil
    }

    /// The glyph `codePoint` maps to through a Unicode subtable of `cmap` (format 12, else 4).
    func glyphIndex(of codePoint: UInt32, cmap: Int) -> Int? {
        guard let count = u16(cmap + 2) else { return nil }
        var found: Int?
        for index in 0..<count {
            guard let offset = u32(cmap + 8 + 8 * index), let format = u16(cmap + offset) else { return nil }
            let subtable = cmap + offset
            if format == 12, let glyph = format12(subtable, Int(codePoint)) { return glyph }
            if format == 4, found == nil, codePoint <= 0xFFFF { found = format4(subtable, Int(codePoint)) }
        }
        return found
    }

    /// Segmented coverage: groups of (first, last, first glyph).
    private func format12(_ table: Int, _ code: Int) -> Int? {
        guard let groups = u32(table + 12) else { return nil }
        for group in 0..<groups {
            let at = table + 16 + 12 * group
            guard let first = u32(at), let last = u32(at + 4), let glyph = u32(at + 8) else { return nil }
            if (first...max(first, last)).contains(code) { return glyph + code - first }
        }
        return nil
    }

    /// Segment mapping to delta values: the segment whose end is the first at or past `code`.
    private func format4(_ table: Int, _ code: Int) -> Int? {
        guard let doubled = u16(table + 6) else { return nil }
        let ends = table + 14, starts = ends + doubled + 2, deltas = starts + doubled, ranges = deltas + doubled
        for segment in 0..<doubled / 2 {
            guard let end = u16(ends + 2 * segment) else { return nil }
            guard end >= code else { continue }
            guard let start = u16(starts + 2 * segment), start <= code, let delta = u16(deltas + 2 * segment),
                let range = u16(ranges + 2 * segment)
            else { return nil }
            if range == 0 { return (code + delta) & 0xFFFF }
            guard let glyph = u16(ranges + 2 * segment + range + 2 * (code - start)), glyph != 0 else { return nil }
            return (glyph + delta) & 0xFFFF
        }
        return nil
    }

    /// A simple glyph's contours as path data, flipped into the em square with y down.
    func outline(at glyph: Int, em: Int) -> String? {
        guard let contours = i16(glyph), contours > 0 else { return nil }
        var ends: [Int] = []
        for index in 0..<contours {
            guard let end = u16(glyph + 10 + 2 * index) else { return nil }
            ends.append(end)
        }
        guard let last = ends.last, let instructions = u16(glyph + 10 + 2 * contours) else { return nil }
        var at = glyph + 12 + 2 * contours + instructions
        // Flags, run-length coded (bit 3: repeat the next byte's count of times).
        var flags: [Int] = []
        while flags.count <= last {
            guard let flag = u8(at) else { return nil }
            at += 1
            flags.append(flag)
            if flag & 8 != 0 {
                guard let repeats = u8(at) else { return nil }
                at += 1
                flags += Array(repeating: flag, count: repeats)
            }
        }
        flags = Array(flags.prefix(last + 1))
        // x then y: a short (one byte) delta has its sign in the "same" bit; a long one is signed;
        // neither means the coordinate repeats.
        func coordinates(short: Int, same: Int) -> [Int]? {
            var value = 0, values: [Int] = []
            for flag in flags {
                if flag & short != 0 {
                    guard let delta = u8(at) else { return nil }
                    at += 1
                    value += flag & same != 0 ? delta : -delta
                } else if flag & same == 0 {
                    guard let delta = i16(at) else { return nil }
                    at += 2
                    value += delta
                }
                values.append(value)
            }
            return values
        }
        guard let xs = coordinates(short: 2, same: 16), let ys = coordinates(short: 4, same: 32) else { return nil }
        var path = GlyphPath()
        var first = 0
        for end in ends {
            guard first <= end, end <= last else { return nil }
            path.contour((first...end).map { (Double(xs[$0]), Double(em - ys[$0]), flags[$0] & 1 != 0) })
            first = end + 1
        }
        return path.data
    }
}

/// SVG path data for TrueType contours: on-curve points joined by lines, an off-curve point is a
/// quadratic control point, and two off-curve points in a row imply the on-curve point between them.
private struct GlyphPath {
    private(set) var data = ""

    mutating func contour(_ points: [(x: Double, y: Double, onCurve: Bool)]) {
        guard !points.isEmpty else { return }
        // Start at an on-curve point; a contour of control points only starts between its first two.
        var ring = points
        if let on = points.firstIndex(where: \.onCurve) {
            ring = Array(points[on...] + points[..<on])
        } else {
            let a = points[0], b = points[points.count > 1 ? 1 : 0]
            ring.insert(((a.x + b.x) / 2, (a.y + b.y) / 2, true), at: 0)
        }
        append("M", ring[0].x, ring[0].y)
        var control: (x: Double, y: Double)?
        for point in ring.dropFirst() + [ring[0]] {
            switch (point.onCurve, control) {
            case (true, nil): append("L", point.x, point.y)
            case (true, let c?): append("Q", c.x, c.y, point.x, point.y)
            case (false, let c?): append("Q", c.x, c.y, (c.x + point.x) / 2, (c.y + point.y) / 2)
            case (false, nil): break
            }
            control = point.onCurve ? nil : (point.x, point.y)
        }
        data += "Z"
    }

    private mutating func append(_ command: String, _ values: Double...) {
        data += command + values.map { $0 == $0.rounded() ? String(Int(saturating: $0)) : String($0) }.joined(separator: " ")
    }
}
