/// The column widths and row heights of a `Grid`, from its cells' sizes: each column as wide as its
/// widest one-column cell; a cell spanning several columns that is wider than them widens the last
/// of them by the difference; a row as tall as its tallest cell. Pure arithmetic on sizes.
struct GridSizing: Sendable, Hashable {
    var columnWidths: [Double]
    var rowHeights: [Double]
    let horizontalSpacing: Double
    let verticalSpacing: Double

    /// The grid's size: the columns and rows with the spacing between them.
    var size: Size {
        Size(width: Self.total(columnWidths, horizontalSpacing), height: Self.total(rowHeights, verticalSpacing))
    }

    /// Sums `lengths` with `spacing` between each two.
    static func total(_ lengths: [Double], _ spacing: Double) -> Double {
        lengths.isEmpty ? 0 : lengths.reduce(0, +) + spacing * Double(lengths.count - 1)
    }

    /// The leading x of column `index`.
    func x(ofColumn index: Int) -> Double {
        Self.total(Array(columnWidths.prefix(index)), horizontalSpacing) + (index > 0 ? horizontalSpacing : 0)
    }

    /// The width of `count` columns from `index`, with the spacing between them.
    func width(from index: Int, columns count: Int) -> Double {
        Self.total(Array(columnWidths[index..<min(index + count, columnWidths.count)]), horizontalSpacing)
    }

    /// Widths from each row's cells' ideal widths, `spans` giving each cell's columns (`nil` for a
    /// row across all columns).
    init(idealWidths: [[(columns: Int?, width: Double)]], horizontalSpacing: Double, verticalSpacing: Double) {
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        // A grid of rows across it only still has one column.
        let count = max(idealWidths.map { row in row.reduce(0) { $0 + ($1.columns ?? 0) } }.max() ?? 0, idealWidths.isEmpty ? 0 : 1)
        columnWidths = Array(repeating: 0, count: count)
        rowHeights = []
        for row in idealWidths {
            var column = 0
            for cell in row {
                guard let span = cell.columns else { continue }
                if span == 1 { columnWidths[column] = max(columnWidths[column], cell.width) }
                column += span
            }
        }
        // Wider spanning cells and rows across the grid widen their last column.
        for row in idealWidths {
            var column = 0
            for cell in row {
                let span = cell.columns ?? count
                defer { column += span }
                guard span > 1 || cell.columns == nil else { continue }
                let missing = cell.width - width(from: column, columns: span)
                if missing > 0 { columnWidths[column + span - 1] += missing }
            }
        }
    }
}
