import Cache
import Foundation
import HTTPTestSupport
import Logging
import Service

/// A running `ImageService` on an ephemeral loopback port over a temporary source root holding the
/// bundled samples, a text file named `.jpg`, a truncated JPEG, and an outside folder to escape to;
/// its (empty) view templates folder is `templates`.
public final class ServiceFixture {
    public let folder: URL
    public let root: URL
    public let outside: URL
    public let service: ImageService

    public static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples")
        .standardizedFileURL

    public var cacheFolder: URL { folder.appendingPathComponent("cache") }
    public var templates: URL { folder.appendingPathComponent("templates") }

    /// `log`: receives every log line the service writes (none are kept without it).
    public init(
        _ configure: (inout ServiceConfiguration) -> Void = { _ in }, faults: (@Sendable (ResultCache.FaultPoint) -> Int32?)? = nil,
        log: LogRecorder? = nil
    ) throws {
        let fm = FileManager.default
        folder = fm.temporaryDirectory.appendingPathComponent("imgframe-service-\(UUID().uuidString)")
        root = folder.appendingPathComponent("root")
        outside = folder.appendingPathComponent("outside")
        try fm.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        for name in ["landscape_4.jpg", "dot_green.png"] {
            try fm.copyItem(at: Self.samples.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        try fm.copyItem(at: Self.samples.appendingPathComponent("dot_green.png"), to: root.appendingPathComponent("sub/dot.png"))
        try fm.copyItem(at: Self.samples.appendingPathComponent("dot_green.png"), to: outside.appendingPathComponent("secret.png"))
        try Data("not an image\n".utf8).write(to: root.appendingPathComponent("text.jpg"))
        let jpeg = try Data(contentsOf: root.appendingPathComponent("landscape_4.jpg"))
        try jpeg.prefix(jpeg.count / 3).write(to: root.appendingPathComponent("truncated.jpg"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("escape.png"), withDestinationURL: outside.appendingPathComponent("secret.png"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("outdir"), withDestinationURL: outside)
        try fm.createSymbolicLink(at: root.appendingPathComponent("inside.png"), withDestinationURL: root.appendingPathComponent("sub/dot.png"))

        var configuration = ServiceConfiguration()
        configuration.server.port = 0
        configuration.root = root.path
        configuration.cacheDirectory = folder.appendingPathComponent("cache").path
        configuration.templates = folder.appendingPathComponent("templates").path
        configure(&configuration)
        let logger = Logger(label: "test") { _ in log.map { $0 as LogHandler } ?? SwiftLogNoOpLogHandler() }
        service = try ImageService(configuration: configuration, logger: logger, cacheFaults: faults)
        try service.start()
    }

    deinit {
        service.shutdown {}
        try? FileManager.default.removeItem(at: folder)
    }

    public func client() throws -> RawClient {
        try RawClient(port: service.port)
    }

    /// One request on a fresh connection.
    public func get(_ target: String, method: String = "GET", headers: [String] = []) throws -> RawClient.Response {
        let client = try client()
        try client.send("\(method) \(target) HTTP/1.1\r\nHost: test\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        return try client.readResponse(head: method == "HEAD")
    }
}

/// Keeps every log line a service writes, for tests that read what was logged.
public final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lines = NSLock()
    private var recorded: [String] = []
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        lines.withLock { recorded.append("\(event.level) \(event.message)") }
    }

    /// Every line so far.
    public var text: String { lines.withLock { recorded.joined(separator: "\n") } }
}

extension ServiceFixture {
    /// Polls `condition` every 10 ms for up to `seconds`; whether it became true.
    public func waitUntil(seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(10_000)
        }
        return try condition()
    }

    /// Files in the cache folder (entries and temporary files) with their sizes.
    public var cacheFiles: [(path: String, size: Int)] {
        guard let enumerator = FileManager.default.enumerator(at: cacheFolder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey]) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.compactMap { file in
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard values?.isRegularFile == true else { return nil }
            return (file.path, values?.fileSize ?? 0)
        }
    }
}
