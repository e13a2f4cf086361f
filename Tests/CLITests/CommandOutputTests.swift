import Foundation
import Testing

/// What the commands write and where: output files named by their format, standard output, an
/// unwritable path in plain words, `--version` everywhere, and `plan` reading an image's size.
@Suite("imgframe: output files, standard output, --version, plan from a file")
struct CommandOutputTests {
    static let photo = RenderCommandTests.samples.appendingPathComponent("landscape_4.jpg").path
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-cli-output-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
    }

    @Test("an extension that names no format is refused (exit 2), and nothing is written")
    func unknownExtension() throws {
        // Its own name: the test below writes out.tiff in the same folder, maybe at the same time.
        let output = Self.folder.appendingPathComponent("refused.tiff")
        let result = try runImageFrame(["render", Self.photo, "--query", "w=40", "-o", output.path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("unknown output extension `.tiff`; use .jpg, .jpeg, .png, .webp, .avif, .jxl, .gif, .pdf or pass --fmt"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--fmt picks the format whatever the extension")
    func explicitFormat() throws {
        let output = Self.folder.appendingPathComponent("out.tiff")
        let result = try runImageFrame(["render", Self.photo, "--query", "w=40", "--fmt", "png", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: output).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(
        "-o - writes the image to standard output and the summary to standard error",
        arguments: [
            (["--fmt", "png"], [UInt8]([0x89, 0x50, 0x4E, 0x47])),
            (["--query", "w=40&fmt=webp"], Array("RIFF".utf8)),
            ([], [0xFF, 0xD8, 0xFF]),
        ])
    func standardOutput(_ extra: [String], _ magic: [UInt8]) throws {
        let request = extra.contains("--query") ? extra : ["--query", "w=40"] + extra
        let result = try runImageFrameBytes(["render", Self.photo] + request + ["-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdout.prefix(magic.count)) == magic)
        #expect(result.stderr.contains("wrote standard output"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test(
        "an unwritable path is reported in plain words",
        arguments: [
            ("/sys/imgframe-out.png", "cannot write /sys/imgframe-out.png: permission denied"),
            ("/nonexistent-folder/out.png", "cannot write /nonexistent-folder/out.png: no such file or directory"),
        ])
    func unwritable(_ path: String, _ message: String) throws {
        let result = try runImageFrame(["render", Self.photo, "--query", "w=40", "-o", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Error Domain"), "\(result.stderr)")
    }

    @Test(
        "--version on the root command and on subcommands",
        arguments: [["--version"], ["render", "--version"], ["plan", "--version"], ["serve", "--version"]])
    func version(_ arguments: [String]) throws {
        let result = try runImageFrame(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imgframe "), "\(result.stdout)")
    }

    @Test("plan reads the size from an image file's header, as --size would give it")
    func planFromFile() throws {
        let query = "w=300&h=400&mode=fill&clip=1"
        let fromFile = try runImageFrame(["plan", Self.photo, "--query", query])
        let fromSize = try runImageFrame(["plan", "--size", "4032x3024", "--source", "landscape_4.jpg", "--query", query])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == fromSize.stdout)
    }

    @Test("plan with a file that is not there says so")
    func planMissingFile() throws {
        let result = try runImageFrame(["plan", "/nonexistent/photo.jpg", "--query", "w=10"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot read /nonexistent/photo.jpg: no such file"), "\(result.stderr)")
    }
}
