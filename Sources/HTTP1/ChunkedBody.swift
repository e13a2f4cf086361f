import CheckedConversion

/// Decodes a chunked body (RFC 9112 §7.1) incrementally: size lines, data, and trailers.
struct ChunkedBody {
    /// The body decoded so far (complete once `consume` returns true).
    private(set) var data: [UInt8] = []
    private var phase = Phase.size
    private var trailerBytes = 0
    /// Bytes of the current size or trailer line already searched for its LF, so a line that
    /// arrives one byte at a time is scanned once, not once per byte.
    private var lineScanned = 0

    /// Longest chunk-size line, extensions included.
    static let maxSizeLineBytes = 1024
    /// Most hex digits in a chunk size: 8 covers 4 GiB, far beyond any body limit, and keeps the
    /// value clear of overflow.
    static let maxSizeDigits = 8

    private enum Phase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    /// Consumes what it can from the front of `buffer`; true once the body is complete.
    mutating func consume(_ buffer: inout [UInt8], limits: ServerConfiguration) throws(ParseError) -> Bool {
        var index = 0
        defer { buffer.removeFirst(index) }
        while true {
            switch phase {
            case .size:
                guard let lf = buffer[(index + lineScanned)...].firstIndex(of: 0x0A) else {
                    lineScanned = buffer.count - index
                    if lineScanned > Self.maxSizeLineBytes { throw .badRequest("chunk size line too long") }
                    return false
                }
                lineScanned = 0
                var line = buffer[index..<lf]
                if line.last == 0x0D { line.removeLast() }
                let size = try Self.chunkSize(line)
                guard data.count + size <= limits.maxBodyBytes else { throw .contentTooLarge }
                index = lf + 1
                phase = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = Swift.min(remaining, buffer.count - index)
                data.append(contentsOf: buffer[index..<index + available])
                index += available
                guard available == remaining else {
                    phase = .data(remaining: remaining - available)
                    return false
                }
                phase = .dataEnd
            case .dataEnd:
                if buffer.count - index >= 2, buffer[index] == 0x0D, buffer[index + 1] == 0x0A {
                    index += 2
                } else if buffer.count - index >= 1, buffer[index] == 0x0A {
                    index += 1
                } else if buffer.count - index >= 2 || (buffer.count - index == 1 && buffer[index] != 0x0D) {
                    throw .badRequest("chunk data not followed by CRLF")
                } else {
                    return false
                }
                phase = .size
            case .trailers:
                guard let lf = buffer[(index + lineScanned)...].firstIndex(of: 0x0A) else {
                    lineScanned = buffer.count - index
                    if trailerBytes + lineScanned > limits.maxHeaderBytes { throw .headerFieldsTooLarge }
                    return false
                }
                lineScanned = 0
                let empty = lf == index || (lf == index + 1 && buffer[index] == 0x0D)
                trailerBytes += lf + 1 - index
                guard trailerBytes <= limits.maxHeaderBytes else { throw .headerFieldsTooLarge }
                index = lf + 1
                if empty { return true }
            }
        }
    }

    /// `chunk-size [ BWS ";" chunk-ext ]` → the size. Only hex digits make a size: no sign, no
    /// `0x`, no leading space (Swift's `Int(_:radix:)` would accept `-1` and `+5`, and a negative
    /// size must never reach the data phase). Extensions are skipped, not interpreted.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(ParseError) -> Int {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let value = hexValue(line[index]) {
            digits += 1
            guard digits <= maxSizeDigits else { throw .badRequest("invalid chunk size") }
            size = size << 4 | value
            index += 1
        }
        guard digits > 0 else { throw .badRequest("invalid chunk size") }
        // BWS, then either the end of the line or an extension.
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index == line.endIndex || line[index] == UInt8(ascii: ";") else { throw .badRequest("invalid chunk size") }
        return size
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
