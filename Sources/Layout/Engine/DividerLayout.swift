/// `Divider()`: a line of `thickness` points in the separator colour that spans its stack's minor
/// axis: horizontal in a VStack (the proposed width, 1 pt high), vertical in an HStack (1 pt wide,
/// the proposed height); horizontal outside a stack, as SwiftUI documents ("extends across the
/// minor axis of the stack, or horizontally when not in a stack").
final class DividerLayout: LayoutNode {
    /// The line's thickness, points.
    static let thickness = 1.0
    /// UIKit's `separator` colour in the light appearance: 60/60/67 at 29 %.
    static let color = RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29)

    /// The enclosing stack's major axis; `nil` outside a stack.
    let stackAxis: Axis?

    init(stackAxis: Axis?) {
        self.stackAxis = stackAxis
    }

    func size(for proposal: ProposedSize) -> Size {
        // An unspecified length along the line is 0: an ideal-sized stack ends up as wide as its
        // other children make it, and the divider then fills that (stacks propose the final width).
        if stackAxis == .horizontal {
            return Size(width: Self.thickness, height: max(proposal.height ?? 0, 0))
        }
        return Size(width: max(proposal.width ?? 0, 0), height: Self.thickness)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        recorder.recordFill(.color(Self.color), in: Rect(origin: origin, size: size))
    }
}
