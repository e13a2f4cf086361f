// source: https://developer.apple.com/documentation/swiftui/view/fixedsize()
Text("A single line of text, too long to fit in a box.")
    .frame(width: 200, height: 200)
    .border(Color.gray)
