// source: https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
Text("This is a block of text that shows up in a text element as multiple lines.\("\n") Here we have chosen to center this text.")
    .frame(width: 200)
    .multilineTextAlignment(.center)
