// source: https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
Text("Hello world!")
    .frame(width: 200, height: 30, alignment: .topLeading)
    .border(Color.gray)
