import Foundation
import Layout
import LayoutVectorSupport
import Testing

/// Runs the built `imgframe` binary (a sibling of the test runner), with `environment` added to
/// this process's, and returns its output and status.
func runImageFrame(_ arguments: [String], environment: [String: String] = [:]) throws -> (stdout: String, stderr: String, status: Int32) {
    let result = try runImageFrameBytes(arguments, environment: environment)
    return (String(decoding: result.stdout, as: UTF8.self), result.stderr, result.status)
}

/// `runImageFrame`, with standard output as bytes (for `-o -`, which writes the image there).
func runImageFrameBytes(_ arguments: [String], environment: [String: String] = [:]) throws -> (stdout: Data, stderr: String, status: Int32) {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let process = Process()
    process.executableURL = runner.appendingPathComponent("imgframe")
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (stdout, String(decoding: stderr, as: UTF8.self), process.terminationStatus)
}

func decodeJSON(_ text: String) throws -> JSON {
    try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
}

@Suite("imgframe plan")
struct PlanCommandTests {
    /// `--image NAME=WxH[@Nx]` for every bitmap of the vector file.
    static let imageArguments: [String] = LayoutVector.file["images"]!.object!.sorted { $0.key < $1.key }.flatMap { name, info in
        let m = LayoutVector.metrics(info)
        guard m.orientation == .up else { return [String]() }
        return ["--image", "\(name)=\(m.pixelWidth)x\(m.pixelHeight)@\(Int(m.scale))x"]
    }

    @Test("reproduces the vector from the command line", arguments: LayoutVector.all)
    func vector(_ v: LayoutVector) throws {
        var arguments = ["plan", "--size", "1x1", "--source", "unused.jpg", "--chain", v.swiftChain] + Self.imageArguments
        if let pw = v.proposal.width { arguments += ["--pw", String(pw)] }
        if let ph = v.proposal.height { arguments += ["--ph", String(ph)] }
        arguments += ["--scale", String(v.scale)]
        let result = try runImageFrame(arguments)
        let problems = mismatches(actual: try decodeJSON(result.stdout), expected: v.expected)
        #expect(problems.isEmpty, "\(v.id): \(problems.joined(separator: "; "))\n\(result.stderr)")
        #expect(result.status == (v.expected["error"] == nil ? 0 : 1))
    }

    @Test("an imgproxy or thumbor URL: the chain it becomes and its plan; what has no equivalent exits 2 naming it")
    func foreignURLs() throws {
        let thumbor = try runImageFrame(["plan", "--size", "4032x3024", "--thumbor", "/unsafe/300x200/filters:rotate(90)/landscape_4.jpg"])
        #expect(thumbor.status == 0, "\(thumbor.stderr)")
        let json = try decodeJSON(thumbor.stdout)
        #expect(
            json["canonical"]?.string?.contains(".frame(width:200,height:300)") == true
                && json["canvas_px"] == .array([200, 300].map { .number($0) }))
        let imgproxy = try runImageFrame(["plan", "--size", "34x34", "--imgproxy", "/insecure/rs:fill:300:300/plain/local:///dot.png"])
        #expect(
            try decodeJSON(imgproxy.stdout)["canvas_px"] == .array([34, 34].map { .number($0) }), "imgproxy does not enlarge: \(imgproxy.stdout)")
        let refused = try runImageFrame(["plan", "--size", "34x34", "--imgproxy", "/_/zoom:2/plain/dot.png"])
        #expect(refused.status == 2 && refused.stderr.contains("`zoom`"))
    }

    @Test("sugar query, image scale from the size and orientation swapping the point size")
    func sugarAndOrientation() throws {
        let result = try runImageFrame(["plan", "--size", "4032x3024", "--orientation", "right", "--query", "w=300&h=400&mode=fill&clip=1"])
        #expect(result.status == 0)
        let json = try decodeJSON(result.stdout)
        // Oriented 3024×4032 points: fill 300×400 scales by exactly 300/3024 → 300×400, no overflow.
        #expect(json["images"]!.array![0]["image_rect_px"] == .array([0, 0, 300, 400].map { .number($0) }))
        #expect(json["canonical"]?.string?.hasPrefix("chain=Image(\"image\").resizable().interpolation(.high)") == true)

        let retina = try runImageFrame(["plan", "--size", "68x68@2x", "--chain", "frame(width:100,height:100)", "--scale", "2"])
        #expect(try decodeJSON(retina.stdout)["images"]!.array![0]["image_rect_px"] == .array([66, 66, 68, 68].map { .number($0) }))
        let named = try runImageFrame(["plan", "--size", "68x68", "--source", "dot@2x.png", "--chain", "frame(width:100,height:100)"])
        #expect(try decodeJSON(named.stdout)["images"]!.array![0]["image_rect"] == .array([33, 33, 34, 34].map { .number($0) }))
    }

    @Test("a bad request exits 2 and names the parameter")
    func badRequest() throws {
        let result = try runImageFrame(["plan", "--size", "100x100", "--query", "mode=fil"])
        #expect(result.status == 2)
        let json = try decodeJSON(result.stdout)
        #expect(json["param"]?.string == "mode")
        #expect(result.stderr.contains("`mode` must be one of fit, fill, stretch, tile, none; got `fil`"))
    }

    @Test("an unknown image in the chain is an error, not a crash")
    func unknownImage() throws {
        let result = try runImageFrame(["plan", "--size", "100x100", "--chain", #"resizable().overlay{Image("wm.png")}"#])
        #expect(result.status == 1)
        #expect(try decodeJSON(result.stdout)["error"]?.string == "unknown image")
    }

    @Test("usage errors exit non-zero with a message")
    func usage() throws {
        for arguments in [
            ["plan", "--size", "100", "--chain", "resizable()"], ["plan", "--size", "10x10"],
            ["plan", "--size", "10x10", "--chain", "a()", "--query", "w=1"],
            ["plan", "--size", "10x10", "--chain", "resizable()", "--orientation", "sideways"],
        ] {
            let result = try runImageFrame(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!result.stderr.isEmpty)
        }
    }
}
