import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Real S3 servers on 127.0.0.1 that check signatures, from the project's Python tools
/// (`scripts/setup` installs them in `.build-venv`): `rclone serve s3` over a folder (objects are
/// files in `folder/BUCKET/KEY`), and moto's server (STS web identity, session tokens). Stopped in deinit.
public final class S3TestServer {
    public enum Kind { case rclone, moto }

    /// The access key and secret rclone checks (moto accepts the credentials its STS issues).
    public static let accessKey = "AKIDIMGFRAMETEST"
    public static let secretKey = "imgframe-test-secret-0123456789"
    /// The keys the server checks, as the environment gives them.
    public static let environmentKeys = ["AWS_ACCESS_KEY_ID": accessKey, "AWS_SECRET_ACCESS_KEY": secretKey]

    public let kind: Kind
    /// rclone's folder: buckets are its subfolders.
    public let folder: String
    public private(set) var port = 0
    public var endpoint: String { "http://127.0.0.1:\(port)" }
    private var process: Process?
    private let log: String

    public enum StartError: Error, CustomStringConvertible {
        case missingTool(String)
        case didNotStart(String)

        public var description: String {
            switch self {
            case .missingTool(let path): "S3TestServer: \(path) not found (scripts/setup installs it)"
            case .didNotStart(let log): "S3TestServer: did not start: \(log)"
            }
        }
    }

    /// The project's `.build-venv/bin/NAME`.
    static func tool(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build-venv/bin/\(name)")
            .standardizedFileURL.path
        guard FileManager.default.isExecutableFile(atPath: path) else { throw StartError.missingTool(path) }
        return path
    }

    /// rclone with `buckets` made (empty folders); `virtualHosts` lets it take the bucket from the host.
    public init(_ kind: Kind, buckets: [String] = [], virtualHosts: Bool = false) throws {
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("s3-test-\(UUID().uuidString)").path
        log = folder + ".log"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for bucket in buckets { try FileManager.default.createDirectory(atPath: folder + "/" + bucket, withIntermediateDirectories: true) }
        try start(virtualHosts: virtualHosts)
        if kind == .moto {
            for bucket in buckets { _ = try request("PUT", "/\(bucket)") }
        }
    }

    /// Starts the server (again, on the same port after `stop()`).
    public func start(virtualHosts: Bool = false) throws {
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        switch kind {
        case .rclone:
            process.executableURL = URL(fileURLWithPath: try Self.tool("rclone"))
            process.arguments = [
                "serve", "s3", "--config", "/dev/null", "--addr", "127.0.0.1:\(port)", "--auth-key", "\(Self.accessKey),\(Self.secretKey)",
                // A short listing cache: an object written a moment ago is found 100 ms later (rclone's default is 5
                // minutes; with none at all, its PUTs into new folders fail).
                "--dir-cache-time", "100ms", "--force-path-style=\(!virtualHosts)", folder,
            ]
        case .moto:
            if port == 0 { port = Self.freePort() }
            process.executableURL = URL(fileURLWithPath: try Self.tool("moto_server"))
            process.arguments = ["-H", "127.0.0.1", "-p", String(port)]
        }
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if kind == .rclone, let range = text.range(of: #"Starting s3 server on \[http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(text[range].split(separator: ":").last!)!
                return
            }
            if kind == .moto, (try? request("GET", "/moto-api/")) != nil { return }
            if !process.isRunning { break }
            usleep(20_000)
        }
        throw StartError.didNotStart((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// Stops the server (requests to it are refused until `start()`).
    public func stop() {
        guard let process, process.isRunning else { return }
        // SIGKILL: a child inherits the test process's signal mask, in which SIGTERM may be blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// moto: writes an object without a signature (before `requireSignatures()`); rclone: a file in its folder.
    public func put(_ bucket: String, _ key: String, _ bytes: [UInt8]) throws {
        switch kind {
        case .rclone:
            let path = folder + "/" + bucket + "/" + key
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .moto:
            _ = try request("PUT", "/\(bucket)/\(key)", body: bytes)
        }
    }

    /// moto: from now on every request but the next `unchecked` must be signed with credentials it
    /// issued (moto checks even STS's unsigned calls: the first, a web-identity exchange, is let through).
    public func requireSignatures(after unchecked: Int = 0) throws {
        _ = try request("POST", "/moto-api/reset-auth", body: Array(String(unchecked).utf8))
    }

    /// moto: a role that `AssumeRoleWithWebIdentity` can take, allowed everything in S3 (moto
    /// checks the assumed role's policies once signatures are required).
    public func createRole(_ name: String) throws {
        let trust =
            #"{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Federated":"test"},"Action":"sts:AssumeRoleWithWebIdentity"}]}"#
        let policy = #"{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}"#
        for form in [
            "Action=CreateRole&Version=2010-05-08&RoleName=\(name)&AssumeRolePolicyDocument=\(Self.formEncoded(trust))",
            "Action=PutRolePolicy&Version=2010-05-08&RoleName=\(name)&PolicyName=s3&PolicyDocument=\(Self.formEncoded(policy))",
        ] {
            // Unsigned but for the service name in the credential scope, which is how moto routes a request.
            let status = try request(
                "POST", "/", body: Array(form.utf8), contentType: "application/x-www-form-urlencoded",
                headers: ["Authorization: AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/iam/aws4_request, SignedHeaders=host, Signature=0"])
            guard status == 200 else { throw StartError.didNotStart("moto IAM answered \(status) to \(form.prefix(40))") }
        }
    }

    private static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// An unsigned request (moto's setup), with `curl`; the status.
    @discardableResult
    public func request(
        _ method: String, _ path: String, body: [UInt8] = [], contentType: String = "application/octet-stream", headers: [String] = []
    ) throws -> Int {
        let file = folder + ".body"
        try Data(body).write(to: URL(fileURLWithPath: file))
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments =
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", method, "-H", "Expect:", "-H", "Content-Type: \(contentType)",
                "--data-binary", "@" + file, "--max-time", "10", endpoint + path,
            ] + headers.flatMap { ["-H", $0] }
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        curl.waitUntilExit()
        let status = Int(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) ?? 0
        guard status != 0 else { throw StartError.didNotStart("no answer to \(method) \(path)") }
        return status
    }

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: log)
        try? FileManager.default.removeItem(atPath: folder + ".body")
    }
}
