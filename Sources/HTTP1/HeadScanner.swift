/// Finds where a request head ends while its bytes arrive, looking at each byte once. It keeps its
/// place between reads, so a head sent one byte per packet costs linear work, not quadratic (the
/// whole head is parsed once, when complete). The request-line (414) and header-block (431) limits
/// and the header count are enforced as bytes arrive, before the head is complete; `HeadParser`
/// then parses the pieces it delimits.
struct HeadScanner {
    /// The next buffer index to examine.
    private var position = 0
    /// Where the current line starts.
    private var lineStart = 0
    /// Empty lines skipped before the request line (RFC 9112 §2.2 allows some).
    private var skippedEmptyLines = 0
    /// Where the header block starts, once the request line is complete.
    private var headerStart: Int?
    private var headerLines = 0
    /// Bytes examined so far (for tests of the linear bound).
    private(set) var scannedByteCount = 0

    /// Empty lines tolerated before the request line; `HeadParser` skips the same number.
    static let maxLeadingEmptyLines = 4

    /// What the scan found in the buffered bytes.
    enum Progress {
        /// The head is not complete yet.
        case incomplete
        /// The request line just completed (its content, without CR LF, is `range`): check it now.
        case requestLine(Range<Int>)
        /// The head is complete: its header block (the lines after the request line, through the
        /// blank line that ends the head) is `headers`, and the head is the buffer's first
        /// `headers.upperBound` bytes.
        case complete(headers: Range<Int>)
    }

    /// Continues scanning `buffer` (which only grew since the last call) from where it stopped.
    mutating func scan(_ buffer: [UInt8], limits: ServerConfiguration) throws(ParseError) -> Progress {
        while position < buffer.count {
            let byte = buffer[position]
            position += 1
            scannedByteCount += 1
            guard byte == 0x0A else { continue }
            let lineEnd = position - 1
            let contentEnd = lineEnd > lineStart && buffer[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            let isEmpty = contentEnd == lineStart
            let start = lineStart
            lineStart = position
            if let headerStart {
                if isEmpty { return .complete(headers: headerStart..<position) }
                headerLines += 1
                if position - headerStart > limits.maxHeaderBytes || headerLines > limits.maxHeaderCount { throw .headerFieldsTooLarge }
            } else if isEmpty && skippedEmptyLines < Self.maxLeadingEmptyLines {
                skippedEmptyLines += 1
            } else {
                guard contentEnd - start <= limits.maxRequestLineBytes else { throw .uriTooLong }
                headerStart = position
                return .requestLine(start..<contentEnd)
            }
        }
        // No line end in what has arrived: refuse as soon as the line in progress passes its limit.
        // A CR at the very end may be the first half of the line's CR LF, which the limits do not count.
        let end = buffer.last == 0x0D ? buffer.count - 1 : buffer.count
        if let headerStart {
            if end - headerStart > limits.maxHeaderBytes { throw .headerFieldsTooLarge }
        } else if end - lineStart > limits.maxRequestLineBytes {
            throw .uriTooLong
        }
        return .incomplete
    }
}
