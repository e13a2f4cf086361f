import CheckedConversion
import Foundation

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("imgframe: \(message)\n".utf8))
}
