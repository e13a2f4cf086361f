import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A real nginx on 127.0.0.1 serving `root` over HTTP and HTTPS (self-signed, so clients that verify
/// certificates refuse it), for tests of fetching originals from an origin. Stopped in deinit.
///
/// Both ports serve the same locations:
/// - `/…` the files under `root`, with `ETag` and `Last-Modified` (nginx's ETag is mtime and size, so
///   replacing a file by one of the same size within the same second keeps its validators);
/// - `/slow/…` the same files at 2 KB/s, for timeout tests;
/// - `/redirect/…` a 302 to `httpURL`; `/error/…` a 503.
///
/// Every request is in the access log, which `requests(for:)`, `statuses(for:)` and
/// `conditionalHeaders(for:)` read. nginx runs in the foreground as a child process; if the test
/// process dies without running deinit, it is left behind.
public final class TestOrigin {
    /// A fresh temp folder; tests write files into it (see `write(_:_:)`).
    public let root: String
    public let httpPort: Int
    public let httpsPort: Int
    public var httpURL: String { "http://127.0.0.1:\(httpPort)/" }
    public var httpsURL: String { "https://127.0.0.1:\(httpsPort)/" }
    /// The HTTP port on `[::1]` (only when started with `ipv6`).
    public var httpURLv6: String { "http://[::1]:\(httpPort)/" }

    public enum StartError: Error, CustomStringConvertible {
        case missingTool(String)
        case commandFailed(String, output: String)
        case nginxFailed(String)

        public var description: String {
            switch self {
            case .missingTool(let name): "TestOrigin: `\(name)` not found (install it to run origin tests)"
            case .commandFailed(let command, let output): "TestOrigin: `\(command)` failed: \(output)"
            case .nginxFailed(let log): "TestOrigin: nginx did not start: \(log)"
            }
        }
    }

    /// Holds `root` (the served files) and `nginx` (configuration, certificate, logs, pid, temp paths).
    private let base: String
    private let nginxDir: String
    private let process: Process
    /// Answered by `/.sync`, so a readiness probe knows it reached this nginx and no other server.
    private let token = UUID().uuidString

    /// `ipv6`: HTTP also listens on `[::1]` (same port), for tests of IPv6-literal origins.
    public init(ipv6: Bool = false) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("test-origin-\(UUID().uuidString)").path
        root = base + "/root"
        nginxDir = base + "/nginx"
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: nginxDir, withIntermediateDirectories: true)
            let nginx = try Self.tool("nginx", preferring: "/usr/sbin/nginx")
            let openssl = try Self.tool("openssl")
            try Self.run(
                openssl,
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(nginxDir)/key.pem",
                    "-out", "\(nginxDir)/cert.pem", "-days", "2", "-subj", "/CN=127.0.0.1",
                ])
            (process, httpPort, httpsPort) = try Self.start(nginx, dir: nginxDir, root: root, token: token, ipv6: ipv6)
        } catch {
            try? FileManager.default.removeItem(atPath: base)
            throw error
        }
    }

    deinit {
        Self.stop(process)
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Atomically creates or replaces `root/name` (creating subfolders): a client never sees a partial file.
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        let target = URL(fileURLWithPath: root).appendingPathComponent(name)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Hidden and in the same folder, so the rename stays on one file system.
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString)")
        try Data(bytes).write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// The access-log lines (`<request-uri> <status> <If-None-Match>|<If-Modified-Since>`) of the
    /// completed requests whose path, before any '?', is `path` (e.g. "/photos/a.jpg"), in order.
    public func requests(for path: String) -> [String] {
        sync()
        let log = (try? String(contentsOfFile: nginxDir + "/access.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init).filter { line in
            let uri = line.prefix { $0 != " " }
            return uri.prefix { $0 != "?" } == path
        }
    }

    /// The status of each request for `path`, in order.
    public func statuses(for path: String) -> [Int] {
        requests(for: path).map { Int(Self.fields($0)[1]) ?? 0 }
    }

    /// The `If-None-Match|If-Modified-Since` part of each request for `path`, in order, as sent (an
    /// absent header is empty, so an unconditional request is "|").
    public func conditionalHeaders(for path: String) -> [String] {
        requests(for: path).map { Self.fields($0)[2] }
    }

    /// A log line's three fields; the request URI has no spaces (nginx refuses those) and the status none.
    private static func fields(_ line: String) -> [String] {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        return parts + Array(repeating: "", count: max(0, 3 - parts.count))
    }

    /// A round trip through nginx's single event loop: every request whose response a client has fully
    /// read was logged in an earlier turn of that loop, so after this its line is in the file.
    private func sync() {
        _ = Self.answers(port: httpPort, token: token)
    }

    // MARK: Starting and stopping nginx

    /// Starts nginx on fresh ports, choosing again if another process took one meanwhile.
    private static func start(_ nginx: String, dir: String, root: String, token: String, ipv6: Bool) throws -> (Process, Int, Int) {
        var retries = 3
        while true {
            let (httpPort, httpsPort) = try freePorts()
            try config(dir: dir, root: root, token: token, httpPort: httpPort, httpsPort: httpsPort, ipv6: ipv6)
                .write(toFile: dir + "/nginx.conf", atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: dir + "/error.log")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: nginx)
            // `-e`: errors before the configuration is read also go to the folder, not stderr.
            process.arguments = [
                "-p", dir, "-c", dir + "/nginx.conf", "-e", dir + "/error.log",
                "-g", "daemon off; master_process off;",
            ]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try runUnblocked(process)
            if waitUntilReady(process, httpPort: httpPort, httpsPort: httpsPort, token: token) {
                return (process, httpPort, httpsPort)
            }
            stop(process)
            let log = (try? String(contentsOfFile: dir + "/error.log", encoding: .utf8)) ?? "(no error log)"
            guard log.contains("Address already in use"), retries > 0 else { throw StartError.nginxFailed(log) }
            retries -= 1
        }
    }

    /// Polls for at most ~5 s, in 20 ms steps, until this nginx answers on HTTP and accepts on HTTPS;
    /// false if it exits or does not get there in time.
    private static func waitUntilReady(_ process: Process, httpPort: Int, httpsPort: Int, token: String) -> Bool {
        for _ in 0..<250 {
            guard process.isRunning else { return false }
            if answers(port: httpPort, token: token), (try? RawClient(port: httpsPort, timeout: 1)) != nil { return true }
            usleep(20_000)
        }
        return false
    }

    /// True if the server on `port` answers `/.sync` with `token`.
    private static func answers(port: Int, token: String) -> Bool {
        guard let client = try? RawClient(port: port, timeout: 1),
            (try? client.send("GET /.sync HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")) != nil,
            let response = try? client.readResponse()
        else { return false }
        return response.text == token
    }

    /// `Process` hands the calling thread's signal mask to the child, and test threads (Dispatch's)
    /// block SIGTERM; so spawn with nothing blocked, or nginx could only be killed.
    private static func runUnblocked(_ process: Process) throws {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
    }

    /// SIGTERM, up to 2 s to exit, then SIGKILL.
    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<100 where process.isRunning { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Two distinct free loopback ports: bound to port 0 together, read back, then released.
    private static func freePorts() throws -> (Int, Int) {
        let first = try boundSocket()
        defer { close(first.descriptor) }
        let second = try boundSocket()
        defer { close(second.descriptor) }
        return (first.port, second.port)
    }

    private static func boundSocket() throws -> (descriptor: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private static func config(dir: String, root: String, token: String, httpPort: Int, httpsPort: Int, ipv6: Bool) -> String {
        let locations = """
                    location / { root "\(root)"; etag on; }
                    location /slow/ { alias "\(root)/"; limit_rate 2k; }
                    location /redirect/ { return 302 http://127.0.0.1:\(httpPort)/; }
                    location /error/ { return 503; }
                    location = /.sync { access_log off; return 200 "\(token)"; }
            """
        return """
            worker_processes 1;
            error_log "\(dir)/error.log";
            pid "\(dir)/nginx.pid";
            events { worker_connections 256; }
            http {
                types {
                    image/jpeg jpg jpeg; image/png png; image/gif gif; image/webp webp; image/avif avif;
                    image/tiff tif tiff; image/svg+xml svg; application/pdf pdf; text/plain txt;
                }
                default_type application/octet-stream;
                client_body_temp_path "\(dir)/client_body";
                proxy_temp_path "\(dir)/proxy";
                fastcgi_temp_path "\(dir)/fastcgi";
                uwsgi_temp_path "\(dir)/uwsgi";
                scgi_temp_path "\(dir)/scgi";
                # One line per request, written as it completes (no buffer=); fields split on the first two
                # spaces. escape=none keeps the quotes of an ETag as sent.
                log_format origin escape=none '$request_uri $status $http_if_none_match|$http_if_modified_since';
                access_log "\(dir)/access.log" origin;
                open_log_file_cache off;
                server {
                    listen 127.0.0.1:\(httpPort);\(ipv6 ? " listen [::1]:\(httpPort);" : "")
            \(locations)
                }
                server {
                    listen 127.0.0.1:\(httpsPort) ssl;
                    ssl_certificate "\(dir)/cert.pem";
                    ssl_certificate_key "\(dir)/key.pem";
            \(locations)
                }
            }

            """
    }

    // MARK: Tools

    /// `preferred` if it is executable, else the first `name` on PATH.
    private static func tool(_ name: String, preferring preferred: String? = nil) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = (preferred.map { [$0] } ?? []) + path.split(separator: ":").map { "\($0)/\(name)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw StartError.missingTool(name)
        }
        return found
    }

    /// Runs a command to completion; throws with its output if it fails.
    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StartError.commandFailed(([executable] + arguments).joined(separator: " "), output: text)
        }
    }
}
