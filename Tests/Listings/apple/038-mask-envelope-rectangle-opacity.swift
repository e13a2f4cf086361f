// source: https://developer.apple.com/documentation/swiftui/view/mask(alignment:_:)
Image(systemName: "envelope.badge.fill")
    .foregroundColor(Color.blue)
    .font(.system(size: 128, weight: .regular))
    .mask {
        Rectangle().opacity(0.1)
    }
