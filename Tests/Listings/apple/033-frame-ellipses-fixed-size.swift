// source: https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
VStack {
    Ellipse()
        .fill(Color.purple)
        .frame(width: 200, height: 100)
    Ellipse()
        .fill(Color.blue)
        .frame(height: 100)
}
