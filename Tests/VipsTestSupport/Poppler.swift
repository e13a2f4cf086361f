import Foundation
import Vips

/// Debian's `poppler-utils` (`pdfinfo`, `pdffonts`, `pdftotext`, `pdfimages`, `pdftocairo`), run on a
/// PDF the test made: what a real reader finds in the file. `scripts/setup` installs them.
public struct Poppler {
    /// The PDF, written to a temporary file the tools read.
    public let file: URL

    public init(_ pdf: [UInt8]) throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-\(UUID().uuidString).pdf")
        try Data(pdf).write(to: file)
    }

    /// `tool arguments… file` (the file last unless `arguments` holds `{}`), its standard output;
    /// a non-zero exit fails.
    public func run(_ tool: String, _ arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments.contains("{}") ? arguments.map { $0 == "{}" ? file.path : $0 } : arguments + [file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PopplerError(tool: tool, status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    /// The page rasterised by poppler at `pixelsPerPoint` (antialiased, on white), decoded. Through
    /// `pdftocairo`: `pdftoppm`'s own rasteriser (Splash) places a 1:1 image up to 1.5 px off at the
    /// far edge of a 300-pixel page, so edges would differ by up to 190 levels for no fault of the file.
    public func rasterised(pixelsPerPoint: Double) throws -> VImage {
        let prefix = file.deletingPathExtension().path
        _ = try run("pdftocairo", ["-r", String(72 * pixelsPerPoint), "-png", "-singlefile", "{}", prefix])
        defer { try? FileManager.default.removeItem(atPath: prefix + ".png") }
        return try VImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))))
    }

    /// `pdfinfo`'s `Page size: W x H pts`, in points.
    public func pageSize() throws -> (width: Double, height: Double) {
        let line = try run("pdfinfo").split(separator: "\n").first { $0.hasPrefix("Page size:") } ?? ""
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// `pdfimages -list`'s rows after the header, split into columns.
    public func images() throws -> [[String]] {
        try run("pdfimages", ["-list"]).split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    /// `pdffonts`' rows after the header, split into columns.
    public func fonts() throws -> [[String]] {
        try run("pdffonts").split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: file)
    }
}

/// A poppler tool exited with a failure: the PDF did not parse.
public struct PopplerError: Error, CustomStringConvertible {
    let tool: String
    let status: Int32
    public var description: String { "\(tool) exited with \(status)" }
}
