import Dispatch
import Testing
import Vips

/// Renders run side by side on the worker threads, and libvips must survive that with its SIMD code
/// on. With run-time compiled (orc) vector code, libvips 8.14 compiled and freed a program with
/// every vertical reduction, and liborc 0.4.33 freed program memory without its lock: six threads
/// resizing like this crashed the process within seconds (SIGSEGV in liborc). libvips 8.15 and
/// later vectorise with Highway, compiled in, and `Vips.start` keeps that on; this runs it under
/// the same load, three times over.
@Suite("libvips: concurrent resizes")
struct ConcurrentResizeTests {
    @Test("six threads resizing at once, vector code on, neither crash nor disagree", arguments: 1...3)
    func concurrentResizes(_ run: Int) throws {
        #expect(Vips.isVectorEnabled, "libvips \(Vips.version) runs without its SIMD paths")
        let source = try VImage.constant(width: 64, height: 48, color: [200, 100, 50]).materialized()
        let expected = try source.resized(horizontal: 0.5, vertical: 0.5, kernel: .lanczos3).pixels()
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for round in 0..<1200 {
                // Another scale each round: each resize builds (and frees) vector programs of its own.
                let scale = 0.3 + Double((round + thread) % 50) / 100
                do {
                    let pixels = try source.resized(horizontal: scale, vertical: scale, kernel: .lanczos3).pixels()
                    if pixels.isEmpty { failures.add("empty result at scale \(scale)") }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try source.resized(horizontal: 0.5, vertical: 0.5, kernel: .lanczos3).pixels() == expected)
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = DispatchQueue(label: "failures")
    private var list: [String] = []

    func add(_ failure: String) { lock.sync { list.append(failure) } }
    var all: [String] { lock.sync { list } }
}
