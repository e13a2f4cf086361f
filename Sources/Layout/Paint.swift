import CheckedConversion

/// A colour in sRGB with straight (not premultiplied) alpha; each component in 0…1.
public struct RGBAColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    /// Builds a colour from 8-bit components.
    public init(bytes r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: Double(a) / 255)
    }

    /// Fully transparent; `Color.clear` draws nothing.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, opacity: 0)

    /// Components rounded to 8 bits, in r, g, b, a order.
    public var bytes: [UInt8] {
        [red, green, blue, opacity].map { UInt8(saturating: (min(max($0, 0), 1) * 255).rounded()) }
    }

    /// `#rrggbbaa`, or `#rrggbb` when opaque and `alphaWhenOpaque` is false.
    public func hexString(alphaWhenOpaque: Bool) -> String {
        let shown = bytes[3] == 255 && !alphaWhenOpaque ? Array(bytes.prefix(3)) : bytes
        return "#" + shown.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined()
    }

    /// True when every component is an exact multiple of 1/255, so `#rrggbbaa` represents it exactly.
    public var isByteExact: Bool {
        zip([red, green, blue, opacity], bytes).allSatisfy { Double($1) / 255 == $0 }
    }
}

/// A point in a view's unit square (SwiftUI's `UnitPoint`): (0,0) is top-leading, (1,1) bottom-trailing.
public struct UnitPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The nine named unit points, by their SwiftUI names.
    public static let named: [(name: String, point: UnitPoint)] = Alignment.allCases.map {
        ($0.rawValue, UnitPoint(x: $0.horizontalFraction, y: $0.verticalFraction))
    }

    /// The SwiftUI name of this point, if it has one.
    public var name: String? { Self.named.first { $0.point == self }?.name }
}

/// SwiftUI's `LinearGradient` with evenly spaced stops.
public struct LinearGradient: Sendable, Hashable {
    public var colors: [RGBAColor]
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    public init(colors: [RGBAColor], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.colors = colors
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
}

/// What a shape leaf, background or border is filled with: a flat colour or a gradient.
public enum Paint: Sendable, Hashable {
    case color(RGBAColor)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case ellipticalGradient(EllipticalGradient)
    case angularGradient(AngularGradient)

    /// A gradient's colours; a flat colour's one.
    public var colors: [RGBAColor] {
        switch self {
        case .color(let c): [c]
        case .linearGradient(let g): g.colors
        case .radialGradient(let g): g.colors
        case .ellipticalGradient(let g): g.colors
        case .angularGradient(let g): g.colors
        }
    }

    /// True for a paint that can never put a visible pixel on the canvas.
    public var isInvisible: Bool {
        colors.allSatisfy { $0.opacity == 0 }
    }
}
