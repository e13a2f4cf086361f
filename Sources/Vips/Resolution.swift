/// An image's pixel density, in pixels per millimetre (libvips's unit); encoders write it as the
/// output's DPI.
public struct Resolution: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
