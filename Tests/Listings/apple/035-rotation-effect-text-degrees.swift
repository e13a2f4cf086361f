// source: https://developer.apple.com/documentation/swiftui/view/rotationeffect(_:anchor:)
Text("Rotation by passing an angle in degrees")
    .rotationEffect(.degrees(22))
    .border(Color.gray)
