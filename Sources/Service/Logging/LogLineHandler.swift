import Foundation
import Logging

/// The server's log handler: one line per entry on standard error, in which nothing a client sent can
/// start a line of its own or pass for a field. Paths, queries, parameter names and chain text reach
/// the log through access lines, refusal reasons and metadata; every message and metadata value is
/// escaped here, in one place, whatever logged it: control characters (a `%0A` decoded in a query
/// would otherwise forge the next line), DEL, C1 controls, Unicode line and paragraph separators, and
/// in text lines the `"` and `\` that delimit an escaped value.
///
/// `text` is swift-log's stream format (`2026-11-28T00:00:00+0000 info imgframe: key=value [Service] message`);
/// `json` writes one object per line (`time`, `level`, `label`, `source`, `message`, `metadata`), for
/// log pipelines that parse fields instead of reading lines.
public struct LogLineHandler: LogHandler {
    /// How entries are written.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private var stream: StreamLogHandler
    private let format: Format
    private let label: String

    public init(label: String, level: Logger.Level, format: Format) {
        self.label = label
        self.format = format
        logLevel = level
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        switch format {
        case .text:
            var escaped = event
            escaped.message = "\(LogEscaping.escaped(event.message.description))"
            escaped.metadata = merged.mapValues(LogEscaping.escaped)
            var handler = stream
            handler.metadata = [:]
            handler.log(event: escaped)
        case .json:
            let line = LogEscaping.jsonLine(
                time: Date(), level: event.level, label: label, source: event.source, message: event.message.description, metadata: merged)
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
