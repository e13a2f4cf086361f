import CheckedConversion

/// SwiftUI's `RadialGradient` with evenly spaced stops: circles around `center` (a unit point of the
/// filled rect); the first colour at `startRadius`, the last at `endRadius` (points), each held beyond.
public struct RadialGradient: Sendable, Hashable {
    public var colors: [RGBAColor]
    public var center: UnitPoint
    /// Points.
    public var startRadius: Double
    /// Points.
    public var endRadius: Double

    public init(colors: [RGBAColor], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.colors = colors
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
}

/// SwiftUI's `EllipticalGradient`: a radial gradient in the unit square, stretched to the filled rect
/// (so its contours are ellipses). Radii are fractions of the unit square: with the defaults (centre,
/// 0 to 0.5) the last colour reaches the middle of each edge.
public struct EllipticalGradient: Sendable, Hashable {
    public var colors: [RGBAColor]
    /// Default `.center`.
    public var center: UnitPoint
    /// Default 0.
    public var startRadiusFraction: Double
    /// Default 0.5.
    public var endRadiusFraction: Double

    public init(colors: [RGBAColor], center: UnitPoint = UnitPoint(x: 0.5, y: 0.5), startRadiusFraction: Double = 0, endRadiusFraction: Double = 0.5)
    {
        self.colors = colors
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }
}

/// SwiftUI's `AngularGradient` (a conic gradient): the colour changes with the angle around `center`,
/// 0° pointing to the trailing edge and angles growing clockwise (y down), from `startAngle` to
/// `endAngle` (degrees).
public struct AngularGradient: Sendable, Hashable {
    public var colors: [RGBAColor]
    public var center: UnitPoint
    /// Degrees.
    public var startAngle: Double
    /// Degrees; equal to `startAngle` (both default 0) means one full turn.
    public var endAngle: Double

    public init(colors: [RGBAColor], center: UnitPoint, startAngle: Double = 0, endAngle: Double = 0) {
        self.colors = colors
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    /// The position (0…1) along the gradient of a direction `degrees` clockwise from the trailing
    /// edge. As SwiftUI documents: more than a turn draws only the last complete turn; less than a
    /// turn fills the missing sector with the last colour, then the first, switching halfway across it.
    public func position(atDegrees degrees: Double) -> Double {
        var start = startAngle
        var span = endAngle - startAngle
        if span == 0 { span = 360 }
        if span < 0 { return degrees.remainder(dividingBy: 360) >= 0 ? 1 : 0 }
        if span > 360 {
            start = endAngle - 360
            span = 360
        }
        var a = (degrees - start).truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        if a <= span { return a / span }
        return a - span < (360 - span) / 2 ? 1 : 0
    }
}

extension LinearGradient {
    /// `Color.blue.gradient` (SwiftUI's `AnyGradient` from a colour) as it is drawn as a fill: a
    /// subtle vertical gradient, top to bottom, from the colour lightened (mixed an eighth of the way
    /// to white, rounded to 8 bits) to the colour itself.
    public static func standard(_ color: RGBAColor) -> LinearGradient {
        let b = color.bytes
        let lighter = b.prefix(3).map { UInt8(saturating: (Double($0) + (255 - Double($0)) / 8).rounded()) }
        var top = RGBAColor(bytes: lighter[0], lighter[1], lighter[2])
        top.opacity = color.opacity
        return LinearGradient(colors: [top, color], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 1))
    }
}
