/// The search behind `maxbytes`: the highest quality, up to the request's, whose encoding fits the
/// budget (imgproxy's `mb:`, which lowers quality until it fits). Quality is searched by halving, so
/// at most `maxEncodes` encodings decide it exactly from 100; when none fits, the search has gone down
/// to quality 1 and answers with the smallest encoding it made.
struct QualitySearch {
    /// Encodings per render at most: 1 at the request's quality, then a halving search of 1…99.
    static let maxEncodes = 8

    /// The budget in bytes.
    let maxBytes: Int

    /// What the search settled on.
    struct Outcome {
        var bytes: [UInt8]
        var quality: Int
        /// False when even the smallest encoding is over the budget.
        var fits: Bool
    }

    /// Encodes at `start`, and lower while over the budget. `encode` may throw (a deadline).
    func best<E: Error>(start: Int, encode: (Int) throws(E) -> [UInt8]) throws(E) -> Outcome {
        let first = try encode(start)
        if first.count <= maxBytes { return Outcome(bytes: first, quality: start, fits: true) }
        var smallest = Outcome(bytes: first, quality: start, fits: false)
        var best: Outcome?
        var (low, high) = (1, start - 1)
        var encodes = 1
        while low <= high, encodes < Self.maxEncodes {
            let quality = (low + high) / 2
            let bytes = try encode(quality)
            encodes += 1
            if bytes.count <= maxBytes {
                best = Outcome(bytes: bytes, quality: quality, fits: true)
                low = quality + 1
            } else {
                if bytes.count < smallest.bytes.count { smallest = Outcome(bytes: bytes, quality: quality, fits: false) }
                high = quality - 1
            }
        }
        return best ?? smallest
    }
}
