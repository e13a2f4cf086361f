// source: https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
struct Star: View {
    var color = Color.yellow

    var body: some View {
        Image(systemName: "star.fill")
            .foregroundStyle(color)
    }
}
