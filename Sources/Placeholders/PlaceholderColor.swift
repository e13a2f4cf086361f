import CheckedConversion

/// An opaque 8-bit sRGB colour, written `#rrggbb` in the JSON.
public struct PlaceholderColor: Sendable, Hashable, CustomStringConvertible {
    /// The red channel, 0…255.
    public let red: UInt8
    /// The green channel, 0…255.
    public let green: UInt8
    /// The blue channel, 0…255.
    public let blue: UInt8

    /// The colour of these channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, lower-case hex.
    public var description: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for byte in [red, green, blue] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }
}
