// source: https://developer.apple.com/documentation/swiftui/grid
Divider()
    .gridCellUnsizedAxes(.horizontal)
