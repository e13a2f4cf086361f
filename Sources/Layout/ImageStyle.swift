/// SwiftUI's `Image.Interpolation`: the resampling quality for resized images. SwiftUI's default is `.low`.
public enum Interpolation: String, CaseIterable, Sendable, Hashable {
    case none, low, medium, high
}

/// SwiftUI's `Image.ResizingMode`: stretch the image over its rect, or repeat it at its natural size.
public enum ResizingMode: String, CaseIterable, Sendable, Hashable {
    case stretch, tile
}

/// The arguments of `resizable(capInsets:resizingMode:)`. Cap insets (points) are the 9-slice borders
/// that are never resized; their sums are also the image's minimum size (spec §2.3).
public struct Resizing: Sendable, Hashable {
    public var capInsets: EdgeInsets
    public var mode: ResizingMode

    public init(capInsets: EdgeInsets = .zero, mode: ResizingMode = .stretch) {
        self.capInsets = capInsets
        self.mode = mode
    }
}
