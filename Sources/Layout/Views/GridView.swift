/// One cell of a `GridRow`: its view, the columns it spans (`gridCellColumns(_:)`, default 1),
/// and the axes on which it asks for no size of its own (`gridCellUnsizedAxes(_:)`): it takes the
/// width of its columns or the height of its row as the other cells make them.
public struct GridCell: Sendable, Hashable {
    public var view: ViewNode
    public var columns: Int
    public var isWidthUnsized: Bool
    public var isHeightUnsized: Bool

    public init(_ view: ViewNode, columns: Int = 1, isWidthUnsized: Bool = false, isHeightUnsized: Bool = false) {
        self.view = view
        self.columns = columns
        self.isWidthUnsized = isWidthUnsized
        self.isHeightUnsized = isHeightUnsized
    }
}

/// A row of a `Grid`: a `GridRow(alignment:) { cells }`, or a view written directly in the Grid,
/// which spans all its columns.
public struct GridRowView: Sendable, Hashable {
    public var cells: [GridCell]
    /// `GridRow(alignment:)`; `nil` takes the grid's vertical alignment.
    public var alignment: VerticalAlignment?
    /// True for a view written directly in the Grid (one cell across every column).
    public var spansAllColumns: Bool

    public init(cells: [GridCell], alignment: VerticalAlignment? = nil, spansAllColumns: Bool = false) {
        self.cells = cells
        self.alignment = alignment
        self.spansAllColumns = spansAllColumns
    }
}

/// `Grid(alignment:horizontalSpacing:verticalSpacing:) { rows }`: columns as wide as their widest
/// cell, rows as tall as their tallest (`GridLayout`, `GridSizing`).
public struct GridView: Sendable, Hashable {
    /// Where each cell sits in its cell box; default `.center`.
    public var alignment: Alignment
    /// Points between columns; `nil` is SwiftUI's default, 8.
    public var horizontalSpacing: Double?
    /// Points between rows; `nil` is SwiftUI's default, 8.
    public var verticalSpacing: Double?
    public var rows: [GridRowView]

    public init(alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil, rows: [GridRowView]) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.rows = rows
    }

    /// This grid with `transform` applied to every cell's view.
    public func mappingCells(_ transform: (ViewNode) -> ViewNode) -> GridView {
        var grid = self
        grid.rows = rows.map { row in
            var row = row
            row.cells = row.cells.map { cell in
                var cell = cell
                cell.view = transform(cell.view)
                return cell
            }
            return row
        }
        return grid
    }
}
