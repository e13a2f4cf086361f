// source: https://developer.apple.com/documentation/swiftui/grid
Grid(alignment: .bottom, horizontalSpacing: 1, verticalSpacing: 1) {
    // ...
}
