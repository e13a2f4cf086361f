import ArgumentParser
import CheckedConversion
import Service
#if canImport(Glibc)
    import Glibc
#endif

/// `imgframe healthcheck`: GET /healthz on the local server; exit 0 when it answers 200. Lets the
/// container's HEALTHCHECK run without curl in the image.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck", abstract: "Exit 0 if the server at --port answers GET /healthz with 200.")

    @Option(help: "Port of the local server.")
    var port: Int = ServiceConfiguration().server.port

    @Option(help: "Path to ask for.")
    var path: String = "/healthz"

    func run() throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ExitCode(1) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            printError("healthcheck: cannot connect to 127.0.0.1:\(port)")
            throw ExitCode(1)
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        let statusLine = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
        guard statusLine.hasPrefix("HTTP/1.1 200") else {
            printError("healthcheck: \(path) answered \(statusLine.split(separator: "\r").first ?? "nothing")")
            throw ExitCode(1)
        }
    }
}
