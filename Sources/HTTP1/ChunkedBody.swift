/// Decodes a chunked body (RFC 9112 §7.1) incrementally: size lines, data, and trailers.
struct ChunkedBody {
    private(set) var data: [UInt8] = []
    private var phase = Phase.size
    private var trailerBytes = 0

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
                guard let lf = buffer[index...].firstIndex(of: 0x0A) else {
                    if buffer.count - index > 1024 { throw .badRequest("chunk size line too long") }
                    return false
                }
                var line = buffer[index..<lf]
                if line.last == 0x0D { line.removeLast() }
                let sizeText = line.prefix { $0 != UInt8(ascii: ";") && $0 != 0x20 && $0 != 0x09 }
                guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16) else {
                    throw .badRequest("invalid chunk size")
                }
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
                guard let lf = buffer[index...].firstIndex(of: 0x0A) else {
                    if trailerBytes + buffer.count - index > limits.maxHeaderBytes { throw .headerFieldsTooLarge }
                    return false
                }
                let empty = lf == index || (lf == index + 1 && buffer[index] == 0x0D)
                trailerBytes += lf + 1 - index
                guard trailerBytes <= limits.maxHeaderBytes else { throw .headerFieldsTooLarge }
                index = lf + 1
                if empty { return true }
            }
        }
    }
}
