struct Row: View {
    let name: String
    @State private var count = 2
    var body: some View {
        HStack {
            ForEach(Array(names.enumerated()), id: \.offset) { index, name in
                Text("\(index + 1). \(name) \(count * 2)")
            }
            if count > 1 { Star(size: 12) } else { Divider() }
            switch name {
            case "a": Text("A").bold()
            default: row(name, count: count).card(.green)
            }
        }
        .background(backgroundGradient)
    }
}
#Preview { Row(name: title) }
