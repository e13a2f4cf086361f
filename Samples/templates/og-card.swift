// An Open Graph card (1200×630, the size link previews use): a gradient background, a logo
// symbol, the title, and the subtitle beside an avatar in a circle. The card keeps its size
// whatever the text, so the text makes room instead: the title takes up to three lines and shrinks
// to half its size before it would cut a character (a 124-character title fits on three lines), the
// subtitle two lines, shrinking the same way. Only text far longer than a title is cut, with "…".
//
//   GET /view/og-card?title=Templates%20in%20ImageFrame&subtitle=Views%20from%20a%20URL
ZStack(alignment: .topLeading) {
    LinearGradient(
        colors: [Color(red: 0.08, green: 0.10, blue: 0.24), Color(red: 0.33, green: 0.17, blue: 0.56)],
        startPoint: .topLeading, endPoint: .bottomTrailing)
    VStack(alignment: .leading, spacing: 0) {
        // The logo.
        Image(systemName: "sparkles")
            .resizable()
            .scaledToFit()
            .frame(width: 72, height: 72)
            .foregroundStyle(.white)
        Spacer()
        Text("\(title)")
            .font(.system(size: 64, weight: .bold))
            .foregroundStyle(.white)
            .lineLimit(3)
            .minimumScaleFactor(0.5)
        HStack(spacing: 24) {
            // The avatar: any image under the root, filled into a circle.
            Image("avatar")
                .resizable()
                .scaledToFill()
                .frame(width: 96, height: 96)
                .clipShape(Circle())
            Text("\(subtitle)")
                .font(.system(size: 32))
                .foregroundStyle(.white)
                .lineLimit(2)
                .minimumScaleFactor(0.5)
        }
        .padding(.top, 32)
    }
    .padding(72)
}
.frame(width: 1200, height: 630)
