import CheckedConversion

/// The main colours of an image, by k-means in a fixed, deterministic way: pixels (alpha-weighted,
/// fully transparent ones left out) are counted into a 16-level-per-channel histogram keeping
/// each bin's mean colour; the `k` centres start at the most populated bins that are at least
/// `separation` apart (ties go to the lower bin), then at the next most populated ones when too few
/// are; then Lloyd's iterations move each centre to the
/// weighted mean of the bins nearest it (squared sRGB distance) until nothing moves. A cluster's
/// colour is the mean of its pixels, so a flat area comes out exactly.
public enum ColorQuantizer {
    /// How many clusters the dominant colour is the largest of.
    public static let dominantClusters = 5
    /// The most iterations; a 100 × 100 image's clusters settle in far fewer.
    static let maxIterations = 16
    /// Starting centres closer than this (sRGB levels, squared distance) would split one colour in two.
    static let separation = 48.0 * 48.0

    /// A cluster: its colour and the (alpha-weighted) pixels it holds.
    public struct Cluster: Sendable, Hashable {
        /// The mean colour of the cluster's pixels.
        public let color: PlaceholderColor
        /// The pixels it holds, each counted by its alpha (0…1).
        public let weight: Double
    }

    /// Up to `k` clusters, the largest first (ties by colour): fewer when the image has fewer colours.
    public static func clusters(_ image: RGBAPixelGrid, k: Int) -> [Cluster] {
        let bins = histogram(image)
        guard !bins.isEmpty, k >= 1 else { return [] }
        var centres: [[Double]] = []
        for bin in bins.sorted(by: { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }) where centres.count < k {
            if centres.allSatisfy({ distance($0, bin.mean) >= separation }) { centres.append(bin.mean) }
        }
        // A smooth image may have fewer well-separated colours than asked: the next most populated bins fill in.
        for bin in bins.sorted(by: { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }) where centres.count < k {
            if !centres.contains(bin.mean) { centres.append(bin.mean) }
        }
        let means = bins.map(\.mean)
        var assignment = [Int](repeating: -1, count: bins.count)
        for _ in 0..<maxIterations {
            var moved = false
            for index in bins.indices {
                let nearest = centres.indices.min { distance(centres[$0], means[index]) < distance(centres[$1], means[index]) }!
                if assignment[index] != nearest { (assignment[index], moved) = (nearest, true) }
            }
            guard moved else { break }
            var weights = [Double](repeating: 0, count: centres.count)
            var sums = [[Double]](repeating: [0, 0, 0], count: centres.count)
            for (index, bin) in bins.enumerated() {
                weights[assignment[index]] += bin.weight
                for channel in 0..<3 { sums[assignment[index]][channel] += bin.sums[channel] }
            }
            centres = centres.indices.map { centre in
                weights[centre] > 0 ? sums[centre].map { $0 / weights[centre] } : centres[centre]
            }
        }
        let clusters = centres.indices.compactMap { centre -> Cluster? in
            let weight = bins.indices.filter { assignment[$0] == centre }.reduce(0) { $0 + bins[$1].weight }
            guard weight > 0 else { return nil }
            let codes = centres[centre].map { UInt8(clamping: Int(saturating: ($0 + 0.5).rounded(.down))) }
            return Cluster(color: PlaceholderColor(red: codes[0], green: codes[1], blue: codes[2]), weight: weight)
        }
        return clusters.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.color.description < $1.color.description }
    }

    /// The colour of the largest of `dominantClusters` clusters; `nil` when every pixel is transparent.
    public static func dominant(_ image: RGBAPixelGrid) -> PlaceholderColor? {
        clusters(image, k: dominantClusters).first?.color
    }

    /// A histogram bin: its index (r, g, b at 4 bits each), weight and weighted colour sums.
    private struct Bin {
        let index: Int
        let weight: Double
        let sums: [Double]
        var mean: [Double] { sums.map { $0 / weight } }
    }

    /// The occupied bins, in index order; counted into flat arrays (a bin per 4-bit r, g, b).
    private static func histogram(_ image: RGBAPixelGrid) -> [Bin] {
        var weights = [Double](repeating: 0, count: 4096)
        var sums = [Double](repeating: 0, count: 4096 * 3)
        image.bytes.withUnsafeBufferPointer { bytes in
            for base in stride(from: 0, to: bytes.count, by: 4) where bytes[base + 3] > 0 {
                let alpha = Double(bytes[base + 3]) / 255
                let (r, g, b) = (Int(bytes[base]), Int(bytes[base + 1]), Int(bytes[base + 2]))
                let index = (r >> 4) << 8 | (g >> 4) << 4 | b >> 4
                weights[index] += alpha
                sums[index * 3] += Double(r) * alpha
                sums[index * 3 + 1] += Double(g) * alpha
                sums[index * 3 + 2] += Double(b) * alpha
            }
        }
        return weights.indices.filter { weights[$0] > 0 }.map { Bin(index: $0, weight: weights[$0], sums: Array(sums[($0 * 3)..<($0 * 3 + 3)])) }
    }

    private static func distance(_ a: [Double], _ b: [Double]) -> Double {
        (0..<3).reduce(0) { $0 + (a[$1] - b[$1]) * (a[$1] - b[$1]) }
    }
}
