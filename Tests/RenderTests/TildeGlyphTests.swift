import Testing

/// Letters with a tilde, large, in InterDisplay (the face from 20 pt). Inter 4.0~beta7 (Debian 12's
/// fonts-inter) draws the tilde of ñ, ã and õ as a hook fused to the letter ("Núñez", "São Paulo"
/// on a certificate); Inter 4.1 draws it apart, as every other face does. Read by rows: above the
/// letter, the tilde must be ink of its own, with blank rows between it and the letter.
@Suite("render: the tilde stands apart from its letter")
struct TildeGlyphTests {
    /// The runs of rows that hold ink (any pixel darker than mid grey), top to bottom.
    static func inkedRowRuns(_ bitmap: Bitmap) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for y in 0..<bitmap.height {
            let inked = (0..<bitmap.width).contains { x in bitmap[x, y].r < 128 }
            if inked, start == nil { start = y }
            if !inked, let first = start {
                runs.append(first...(y - 1))
                start = nil
            }
        }
        if let first = start { runs.append(first...(bitmap.height - 1)) }
        return runs
    }

    @Test("ñ, ã and õ at 200 pt: the tilde and the letter are two bands of ink", arguments: ["ñ", "ã", "õ"])
    func tildeApart(_ letter: String) throws {
        let folder = try SourceFolder()
        let chain = "chain=Text(\"\(letter)\").font(.system(size:200)).foregroundStyle(.black).padding(20).background(.white)&fmt=png"
        let (_, bitmap) = try folder.render("unused.png", chain)
        let runs = Self.inkedRowRuns(bitmap)
        try #require(runs.count == 2, "rows with ink: \(runs) (one band: the tilde is fused to the letter)")
        // A real gap, not a row of anti-aliasing: at 200 pt the two are several pixels apart.
        #expect(runs[1].lowerBound - runs[0].upperBound > 4, "\(runs)")
        // The tilde is the smaller band, above the letter.
        #expect(runs[0].count < runs[1].count, "\(runs)")
    }
}
