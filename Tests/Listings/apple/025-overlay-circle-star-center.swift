// source: https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
Color.blue
    .frame(width: 200, height: 200)
    .overlay {
        Circle()
            .frame(width: 100, height: 100)
        Star()
    }
