// source: https://developer.apple.com/documentation/swiftui/view/border(_:width:)
Text("Purple border outside the view bounds.")
    .padding(4)
    .border(Color.purple, width: 4)
