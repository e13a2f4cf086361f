/// Turns a `ViewNode` value into a tree of layout nodes, resolving each `Image` to its metrics and
/// telling each `Spacer` the axis of its nearest enclosing stack.
struct LayoutTreeBuilder {
    let images: ImageCatalog
    var text: (any TextMeasuring)?
    var pixelLength = 1.0
    /// Finds content focus points (`ImageFocus.content`); without one, alignment places such images.
    var focus: (any FocusFinding)?

    func build(_ node: ViewNode) throws(LayoutError) -> LayoutNode {
        try build(node, stackAxis: nil)
    }

    /// `stackAxis` is the major axis of the nearest enclosing H/VStack, inherited through modifiers
    /// and reset by a ZStack or an overlay/background (views spec §3).
    private func build(_ node: ViewNode, stackAxis: Axis?) throws(LayoutError) -> LayoutNode {
        func child(_ node: ViewNode) throws(LayoutError) -> LayoutNode { try build(node, stackAxis: stackAxis) }
        switch node {
        case .image(let view):
            guard let metrics = images[view.ref] else { throw .unknownImage(view.ref) }
            return ImageLayout(view: view, metrics: metrics, focusFinder: focus)
        case .shape(let paint):
            return ShapeLayout(paint: paint)
        case let .aspectRatio(node, ratio, mode):
            return AspectRatioLayout(child: try child(node), ratio: ratio, contentMode: mode)
        case let .frame(node, width, height, alignment):
            return FrameLayout(child: try child(node), width: width, height: height, alignment: alignment)
        case let .flexFrame(node, frame):
            return FlexFrameLayout(child: try child(node), frame: frame)
        case let .overlay(node, content, alignment):
            return SecondaryLayerLayout(
                primary: try child(node), secondary: try build(content, stackAxis: nil), alignment: alignment,
                isBackground: false)
        case let .background(node, content, alignment):
            return SecondaryLayerLayout(
                primary: try child(node), secondary: try build(content, stackAxis: nil), alignment: alignment,
                isBackground: true)
        case let .mask(node, mask, alignment):
            return MaskLayout(primary: try child(node), mask: try build(mask, stackAxis: nil), alignment: alignment)
        case let .border(node, paint, width):
            return BorderLayout(child: try child(node), paint: paint, width: width)
        case .clipped(let node, _):
            // Antialiasing changes nothing for the pixel-aligned rectangular clips in scope (spec §8).
            return EffectLayout(child: try child(node), effect: .clipShape(.rectangle))
        case let .hStack(alignment, spacing, children):
            return StackLayout(
                axis: .horizontal, alignment: .vertical(alignment), spacing: spacing,
                children: try children.map { (c) throws(LayoutError) in try build(c, stackAxis: .horizontal) })
        case let .vStack(alignment, spacing, children):
            return StackLayout(
                axis: .vertical, alignment: .horizontal(alignment), spacing: spacing,
                children: try children.map { (c) throws(LayoutError) in try build(c, stackAxis: .vertical) })
        case let .zStack(alignment, children):
            return ZStackLayout(
                alignment: alignment, children: try children.map { (c) throws(LayoutError) in try build(c, stackAxis: nil) })
        case .spacer(let minLength):
            return SpacerLayout(minLength: minLength ?? Spacing.defaultDistance, axis: stackAxis)
        case .divider:
            return DividerLayout(stackAxis: stackAxis)
        case .shapeView(let view):
            return ShapeLeafLayout(view: view)
        case .text(let view):
            guard let text else { throw .textNotSupported }
            return TextLayout(view: view, measurer: text, pixelLength: pixelLength)
        case .symbol(let view):
            return SymbolLayout(view: view, pixelLength: pixelLength)
        case let .padding(node, insets):
            return PaddingLayout(child: try child(node), insets: insets)
        case let .layoutPriority(node, priority):
            return PriorityLayout(child: try child(node), value: priority)
        case let .fixedSize(node, horizontal, vertical):
            return FixedSizeLayout(child: try child(node), horizontal: horizontal, vertical: vertical)
        case let .alignmentGuide(node, guide):
            return AlignmentGuideLayout(child: try child(node), guide: guide)
        case let .effect(node, effect):
            return EffectLayout(child: try child(node), effect: effect)
        case .ignoresSafeArea(let node):
            // ImageRenderer has no safe area, so there is nothing to ignore (views spec §7.5).
            return IdentityLayout(child: try child(node), id: nil)
        case let .backgroundStyle(node, paint):
            // With no safe area, exactly `background(Rectangle().fill(style))` (views spec §7.6).
            return SecondaryLayerLayout(
                primary: try child(node), secondary: ShapeLayout(paint: paint), alignment: .center, isBackground: true)
        case let .id(node, id):
            return IdentityLayout(child: try child(node), id: id)
        case let .logSizes(node, label):
            return SizeLogLayout(child: try child(node), label: label)
        case .button(let button):
            // Controls are laid out as the plain views they draw (`ButtonView.body`, `TextFieldView.body`).
            return try child(button.body)
        case .textField(let field):
            return try child(field.body)
        case .label(let label):
            return try child(label.body)
        case .grid(let grid):
            var rows: [GridLayout.Row] = []
            for row in grid.rows {
                var cells: [GridLayout.Cell] = []
                for cell in row.cells {
                    cells.append(
                        GridLayout.Cell(
                            node: try build(cell.view, stackAxis: nil), columns: row.spansAllColumns ? nil : cell.columns,
                            isWidthUnsized: cell.isWidthUnsized, isHeightUnsized: cell.isHeightUnsized))
                }
                rows.append(GridLayout.Row(cells: cells, alignment: row.alignment))
            }
            return GridLayout(rows: rows, alignment: grid.alignment, horizontalSpacing: grid.horizontalSpacing, verticalSpacing: grid.verticalSpacing)
        }
    }
}

/// The bitmaps a layout may reference, by `ImageRef`: their pixel size, image scale and orientation.
public struct ImageCatalog: Sendable, Hashable {
    private var entries: [ImageRef: ImageMetrics]

    public init(_ entries: [ImageRef: ImageMetrics] = [:]) {
        self.entries = entries
    }

    public subscript(ref: ImageRef) -> ImageMetrics? {
        get { entries[ref] }
        set { entries[ref] = newValue }
    }
}
