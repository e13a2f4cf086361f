/// The four SignInView listings of Apple's "Adding a background to your view" (views spec §9.2),
/// as the article writes their bodies, with its `backgroundGradient` constant written in place
/// (a chain has no `let`) and `$name` left as the article's unbound `@State` (empty text).
public enum SignInListings {
    /// `LinearGradient(colors: [Color.red, Color.blue], startPoint: .top, endPoint: .bottom)`.
    public static let gradient = "LinearGradient(colors: [Color.red, Color.blue], startPoint: .top, endPoint: .bottom)"

    /// The shared content: the title, then the padded row of the text field and the button.
    public static let content = """
        VStack {
            Text("Welcome")
                .font(.title)
            HStack {
                TextField("Your name?", text: $name)
                    .textFieldStyle(.roundedBorder)
                Button(action: {}, label: {
                    Image(systemName: "arrow.right.square")
                        .font(.title)
                })
            }
            .padding()
        }
        """

    /// "Add a background": the gradient as the VStack's background, only as tall as the VStack.
    public static let backgroundModifier =
        content + """

            .background {
                \(gradient)
            }
            """

    /// "Expand the background underneath your view": the gradient under the VStack in a ZStack.
    public static let zStack = """
        ZStack {
            \(gradient)
        \(content)
        }
        """

    /// "Extend the background into the safe areas": `.ignoresSafeArea()` on the ZStack.
    public static let ignoresSafeArea = zStack + "\n.ignoresSafeArea()"

    /// "Adjust views when displaying the keyboard": `.ignoresSafeArea()` on the gradient only.
    public static let backgroundIgnoresSafeArea = """
        ZStack {
            \(gradient)
                .ignoresSafeArea()
        \(content)
        }
        """

    /// All four, by the article's section.
    public static let all: [(name: String, text: String)] = [
        ("background modifier", backgroundModifier), ("ZStack", zStack), ("ZStack ignoring the safe area", ignoresSafeArea),
        ("gradient ignoring the safe area", backgroundIgnoresSafeArea),
    ]
}
