/// `Grid { GridRow { … } … }`: every cell first measured at its ideal size to size the columns
/// (`GridSizing`); a row is as tall as its tallest cell offered its columns' width; each cell is
/// then offered its box (its columns × its row) and placed in it by the grid's alignment, the
/// row's vertical alignment winning (baselines as the centre). The grid takes its ideal size: a
/// proposed width is not shared out among flexible cells.
final class GridLayout: LayoutNode {
    /// A cell: its node, its columns (`nil`: a row across the grid), and whether it sizes its
    /// columns' width and its row's height (`gridCellUnsizedAxes` says it does not).
    struct Cell {
        var node: LayoutNode
        var columns: Int?
        var isWidthUnsized = false
        var isHeightUnsized = false
    }

    struct Row {
        var cells: [Cell]
        var alignment: VerticalAlignment?
    }

    let rows: [Row]
    let alignment: Alignment
    let horizontalSpacing: Double
    let verticalSpacing: Double

    init(rows: [Row], alignment: Alignment, horizontalSpacing: Double?, verticalSpacing: Double?) {
        self.rows = rows
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing ?? Spacing.defaultDistance
        self.verticalSpacing = verticalSpacing ?? Spacing.defaultDistance
    }

    private var cachedSizing: GridSizing?

    /// Column widths and row heights, the same for every proposal.
    private func sizing() -> GridSizing {
        if let cachedSizing { return cachedSizing }
        let ideal = rows.map { row in
            row.cells.map { cell in
                (columns: cell.columns, width: cell.isWidthUnsized ? 0 : cell.node.size(for: ProposedSize(width: nil, height: nil)).width)
            }
        }
        var sizing = GridSizing(idealWidths: ideal, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
        sizing.rowHeights = rows.map { row in
            var column = 0
            var height = 0.0
            for cell in row.cells {
                let span = cell.columns ?? sizing.columnWidths.count
                defer { column += span }
                guard !cell.isHeightUnsized else { continue }
                height = max(height, cell.node.size(for: ProposedSize(width: sizing.width(from: column, columns: span), height: nil)).height)
            }
            return height
        }
        cachedSizing = sizing
        return sizing
    }

    func size(for proposal: ProposedSize) -> Size {
        sizing().size
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let sizing = sizing()
        var y = origin.y
        for (index, row) in rows.enumerated() {
            let height = sizing.rowHeights[index]
            let vertical = row.alignment.map(Self.fraction) ?? alignment.verticalFraction
            var column = 0
            for cell in row.cells {
                let span = cell.columns ?? sizing.columnWidths.count
                let box = Size(width: sizing.width(from: column, columns: span), height: height)
                let boxProposal = ProposedSize(width: box.width, height: box.height)
                let cellSize = cell.node.size(for: boxProposal)
                let at = Point(
                    x: origin.x + sizing.x(ofColumn: column) + (box.width - cellSize.width) * alignment.horizontalFraction,
                    y: y + (box.height - cellSize.height) * vertical)
                cell.node.place(proposal: boxProposal, size: cellSize, at: at, into: recorder)
                column += span
            }
            y += height + verticalSpacing
        }
    }

    /// A row alignment as a fraction of the row's height; baselines sit as the centre does.
    private static func fraction(_ alignment: VerticalAlignment) -> Double {
        switch alignment {
        case .top: 0
        case .bottom: 1
        default: 0.5
        }
    }
}
