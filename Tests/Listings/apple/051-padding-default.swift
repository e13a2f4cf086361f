// source: https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
VStack {
    Text("Text with default padding.")
        .padding()
        .border(.gray)
    Text("Unpadded text for comparison.")
        .border(.yellow)
}
