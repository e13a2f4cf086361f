// A sign-in card: the first SignInView listing of Apple's "Adding a background to your view" (the
// gradient as the VStack's background, so it is only as tall as the content), with the text
// field's `name` as a parameter. The article's `@State private var name = ""` is the `let` below;
// its `backgroundGradient` constant is written in place. `.frame(width: 390)` stands for the
// iPhone-wide window the article shows it in (a TextField needs a width; views spec §9.2). A text
// field shows one line, so a long name shrinks to fit it (down to half size: a 54-character name fits)
// rather than losing its end; the article's field, without `minimumScaleFactor`, would cut it.
//
//   GET /view/signin              the prompt "Your name?" in placeholder grey
//   GET /view/signin?name=Ana     the field shows "Ana"
//   imgframe render --template signin --set name=Ana -o signin.png
let name = ""
VStack {
    Text("Welcome")
        .font(.title)
    HStack {
        TextField("Your name?", text: $name)
            .textFieldStyle(.roundedBorder)
            .minimumScaleFactor(0.5)
        Button(action: {}, label: {
            Image(systemName: "arrow.right.square")
                .font(.title)
        })
    }
    .padding()
}
.background {
    LinearGradient(colors: [Color.red, Color.blue], startPoint: .top, endPoint: .bottom)
}
.frame(width: 390)
