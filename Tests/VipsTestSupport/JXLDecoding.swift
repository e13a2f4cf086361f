import Foundation
import Vips

/// JPEG XL read back for tests: decoded by libjxl's `djxl` (Debian's libjxl-tools) to PNG, then
/// read, since the service keeps libvips's JPEG XL loader off, as every untrusted loader.
public enum JXLDecoding {
    /// `djxl` refused the bytes.
    public struct Refused: Error {}

    /// `bytes` decoded by `djxl`.
    public static func decode(_ bytes: [UInt8]) throws -> VImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-jxl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (input, output) = (folder.appendingPathComponent("in.jxl"), folder.appendingPathComponent("out.png"))
        try Data(bytes).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/djxl")
        process.arguments = [input.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Refused() }
        return try VImage.decode(Array(try Data(contentsOf: output)))
    }
}
