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
    /// The range of `palette=N`.
    public static let paletteRange = 1...16
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
        var assignment = [Int](repeating: -1, count: bins.count)
        for _ in 0..<maxIterations {
            var moved = false
            for (index, bin) in bins.enumerated() {
                let nearest = centres.indices.min { distance(centres[$0], bin.mean) < distance(centres[$1], bin.mean) }!
                if assignment[index] != nearest { (assignment[index], moved) = (nearest, true) }
            }
            guard moved else { break }
            centres = centres.indices.map { centre in
                let members = bins.indices.filter { assignment[$0] == centre }
                let weight = members.reduce(0) { $0 + bins[$1].weight }
                guard weight > 0 else { return centres[centre] }
                return (0..<3).map { channel in members.reduce(0) { $0 + bins[$1].sums[channel] } / weight }
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
        var weight = 0.0
        var sums = [0.0, 0.0, 0.0]
        var mean: [Double] { sums.map { $0 / weight } }
    }

    private static func histogram(_ image: RGBAPixelGrid) -> [Bin] {
        var bins: [Int: Bin] = [:]
        for pixel in 0..<image.count {
            let base = pixel * 4
            let alpha = Double(image.bytes[base + 3]) / 255
            guard alpha > 0 else { continue }
            let (r, g, b) = (Int(image.bytes[base]), Int(image.bytes[base + 1]), Int(image.bytes[base + 2]))
            let index = (r >> 4) << 8 | (g >> 4) << 4 | b >> 4
            var bin = bins[index] ?? Bin(index: index)
            bin.weight += alpha
            bin.sums[0] += Double(r) * alpha
            bin.sums[1] += Double(g) * alpha
            bin.sums[2] += Double(b) * alpha
            bins[index] = bin
        }
        return bins.values.sorted { $0.index < $1.index }
    }

    private static func distance(_ a: [Double], _ b: [Double]) -> Double {
        (0..<3).reduce(0) { $0 + (a[$1] - b[$1]) * (a[$1] - b[$1]) }
    }
}
