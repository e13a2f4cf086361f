import Synchronization
import Vips

#if canImport(Glibc)
    import Glibc
#endif

/// Reduced decodes of originals kept for the next render of the same original: a `srcset`'s
/// sizes, a card crop and an Open Graph image of one photo mostly decode it at the same JPEG
/// shrink-on-load (1/2, 1/4 or 1/8), and that decode is most of a render's CPU. A kept decode is
/// the decoder's own output, so a render that starts from it is byte-identical to one that decodes
/// the file again. Only the same reduction is served: libjpeg's DCT-scaled 1/8 differs from a 1/4
/// decode reduced by two, so a larger decode never stands in for a smaller one.
///
/// Keyed by the source's name, its version (size and modification time, or an origin's
/// validators: a replaced original never meets an old decode) and the reduction. Bounded by bytes;
/// what to keep is decided by what each decode cost: GreedyDual-Size, whose priority is the
/// decode's CPU time per byte held plus an inflation that ages what is not used again. For the 12 MP
/// sample a 1/8 decode saves about 38 CPU-ms per MB held, a 1/2 decode about 5, so under pressure
/// the small ones stay. A HEIF/AVIF file's full-size decode is kept too: libheif has no reduced
/// decode, so every size of such a photo decodes it whole at full size. Other full-size decodes
/// are not kept: they stream through libvips rather than landing in one buffer, a page's sizes
/// rarely share one, and they hold the most bytes.
///
/// A JPEG original's DCT coefficients are kept too (`JPEGCoefficients`), from its first decode at
/// 1/2 or 1/4: the next decode of it at another scale (a 1/8 or a full-size one after a 1/2) takes
/// its blocks from them instead of Huffman-decoding the file again, which is most of a scaled
/// decode's CPU, for the same pixels. About 0.8 bytes per pixel of a photo (10 MB for 12 MP), less
/// than its 1/2 decode.
public final class DerivedSources: Sendable {
    /// What identifies one kept thing: the original, and which decode of it.
    struct Key: Hashable, Sendable {
        let name: String
        let version: String
        let kind: Kind

        enum Kind: Hashable, Sendable {
            /// The decode at this reduction.
            case decode(LoadReduction)
            /// A JPEG file's DCT coefficients.
            case jpegCoefficients
        }

        init(name: String, version: String, reduction: LoadReduction) {
            self.init(name: name, version: version, kind: .decode(reduction))
        }

        init(name: String, version: String, kind: Kind) {
            self.name = name
            self.version = version
            self.kind = kind
        }
    }

    /// The counters and sizes `/metrics` shows.
    public struct Statistics: Sendable, Equatable {
        /// Renders that started from a kept decode.
        public var hits = 0
        /// Renders that decoded because nothing was kept for their original and reduction.
        public var misses = 0
        /// Decodes (a miss's, or a JPEG's full-size one) that took their blocks from the original's kept
        /// JPEG coefficients instead of its bytes.
        public var replays = 0
        /// Decodes dropped to make room for others.
        public var evictions = 0
        /// Bytes the kept decodes hold now.
        public var bytes = 0
        /// Decodes kept now.
        public var entries = 0
        /// Most bytes they may hold (`DerivedSources.capacity`).
        public var capacity = 0
    }

    /// What an entry holds.
    private enum Kept {
        case image(VImage)
        case coefficients(JPEGCoefficients)
    }

    private struct Entry {
        let kept: Kept
        let bytes: Int
        /// CPU milliseconds the decode took per byte held (the value of keeping it).
        let costPerByte: Double
        var priority: Double
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// GreedyDual-Size's inflation: the priority of the last decode evicted.
        var inflation = 0.0
        var statistics = Statistics()

        /// What `key` keeps, its priority renewed as used now.
        mutating func touch(_ key: Key) -> Kept? {
            guard var entry = entries[key] else { return nil }
            entry.priority = inflation + entry.costPerByte
            entries[key] = entry
            return entry.kept
        }
    }

    /// Largest full-size JPEG decode made whole from an original's kept coefficients, pixels: it
    /// skips the Huffman decoding, a third of a full-size decode, but holds the image whole (48 MiB
    /// of RGB at most, within the default render budget); larger ones stream through libvips's loader.
    static let maxReplayedDecodePixels = 16 * 1024 * 1024

    private let state = Mutex(State())
    /// Most bytes the kept decodes hold together; 0 keeps none.
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
        state.withLock { $0.statistics.capacity = capacity }
    }

    /// What has been kept and served so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The kept decode for `key`, counted as a hit or a miss.
    func image(for key: Key) -> VImage? {
        state.withLock { state in
            guard case .image(let image) = state.touch(key) else {
                state.statistics.misses += 1
                return nil
            }
            state.statistics.hits += 1
            return image
        }
    }

    /// The kept JPEG coefficients of the original `key` names (`.jpegCoefficients`), if any.
    func coefficients(for key: Key) -> JPEGCoefficients? {
        state.withLock { state in
            guard case .coefficients(let coefficients) = state.touch(key) else { return nil }
            return coefficients
        }
    }

    /// Counts a decode that took its blocks from kept coefficients.
    func countReplay() {
        state.withLock { $0.statistics.replays += 1 }
    }

    /// Keeps `image`, which holds `bytes` and took `cpuMilliseconds` to decode, evicting the decodes
    /// of lowest priority until it fits; one larger than the whole capacity is not kept.
    func keep(_ image: VImage, for key: Key, bytes: Int, cpuMilliseconds: Double) {
        keep(.image(image), for: key, bytes: bytes, cpuMilliseconds: cpuMilliseconds)
    }

    /// Keeps an original's JPEG coefficients, whose decode took `cpuMilliseconds`, as `keep(_:for:…)`
    /// keeps a decode.
    func keep(_ coefficients: JPEGCoefficients, for key: Key, cpuMilliseconds: Double) {
        keep(.coefficients(coefficients), for: key, bytes: coefficients.bytes, cpuMilliseconds: cpuMilliseconds)
    }

    private func keep(_ kept: Kept, for key: Key, bytes: Int, cpuMilliseconds: Double) {
        guard bytes > 0, bytes <= capacity else { return }
        let costPerByte = cpuMilliseconds / Double(bytes)
        state.withLock { state in
            guard state.entries[key] == nil else { return }
            while state.statistics.bytes + bytes > capacity, let lowest = state.entries.min(by: { $0.value.priority < $1.value.priority }) {
                state.inflation = lowest.value.priority
                state.entries[lowest.key] = nil
                state.statistics.bytes -= lowest.value.bytes
                state.statistics.evictions += 1
            }
            state.entries[key] = Entry(kept: kept, bytes: bytes, costPerByte: costPerByte, priority: state.inflation + costPerByte)
            state.statistics.bytes += bytes
            state.statistics.entries = state.entries.count
        }
    }

    /// CPU time this thread has used, in milliseconds: what a decode on it cost.
    static func threadCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
