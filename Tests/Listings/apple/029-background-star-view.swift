// source: https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
struct Star: View {
    var color: Color

    var body: some View {
        Image(systemName: "star.fill")
            .foregroundStyle(color)
    }
}
