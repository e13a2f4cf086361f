import ArgumentParser
import Foundation
import Layout
import Origins
import TransformSpec

#if canImport(Glibc)
    import Glibc
#endif

extension RenderCommand {
    /// The extensions `-o` may end in, each naming one format.
    static let outputExtensions = ["jpg", "jpeg", "png", "webp", "avif", "jxl", "gif", "pdf"]

    /// `fmt=` for the query from `--fmt`, else from `--output`'s extension when the query has no `fmt`.
    /// `-o -` and a name without an extension add nothing: `fmt=auto` then picks JPEG, or PNG for an
    /// image with transparency, as the service does for a client that accepts neither WebP nor AVIF.
    /// An extension that names no format (`.tiff`) is refused rather than written as something else.
    func formatParameter(query: String) throws -> String? {
        if let fmt { return "fmt=" + URIEncoding.encode(fmt, keepingSlash: false) }
        if try QueryParameters.pairs(query).contains(where: { $0.key == "fmt" }) { return nil }
        guard output != "-" else { return nil }
        let ext = URL(fileURLWithPath: output).pathExtension
        guard !ext.isEmpty else { return nil }
        guard let format = ImageFormat(fileExtension: ext) else {
            printError("unknown output extension `.\(ext)`; use \(Self.outputExtensions.map { ".\($0)" }.joined(separator: ", ")) or pass --fmt")
            throw ExitCode(2)
        }
        return "fmt=" + format.rawValue
    }

    /// Writes `bytes` to `--output`, or to standard output for `-`; a failure is reported in plain
    /// words (`cannot write out.png: permission denied`) with exit status 1.
    func writeOutput(_ bytes: [UInt8]) throws {
        let toStandardOutput = output == "-"
        let descriptor = toStandardOutput ? STDOUT_FILENO : open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.cannotWrite(output, errno: errno) }
        defer { if !toStandardOutput { close(descriptor) } }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Self.cannotWrite(toStandardOutput ? "standard output" : output, errno: errno) }
            offset += written
        }
    }

    private static func cannotWrite(_ name: String, errno code: Int32) -> ExitCode {
        let reason = String(cString: strerror(code))
        printError("cannot write \(name): \(reason.prefix(1).lowercased() + reason.dropFirst())")
        return ExitCode(1)
    }
}
