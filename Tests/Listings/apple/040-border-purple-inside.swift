// source: https://developer.apple.com/documentation/swiftui/view/border(_:width:)
Text("Purple border inside the view bounds.")
    .border(Color.purple, width: 4)
