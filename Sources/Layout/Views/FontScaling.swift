/// How a `Font.custom` size follows Dynamic Type, as SwiftUI's three `custom` forms say:
/// `.custom(_:size:)` scales like `.body`, `.custom(_:size:relativeTo:)` like the style named, and
/// `.custom(_:fixedSize:)` never. Renders use Dynamic Type "Large", at which every form draws the
/// size as written (views spec §6.3); the form is kept so the canonical chain prints it back.
public enum FontScaling: Sendable, Hashable {
    /// Scales with Dynamic Type like `style` (`.body` for `.custom(_:size:)`).
    case relative(to: TextStyle)
    /// `.custom(_:fixedSize:)`: the same size at every Dynamic Type size.
    case fixed
}
