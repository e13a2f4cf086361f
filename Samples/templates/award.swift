// An award certificate: Apple's ImageRenderer example ("Creating an image from a view"), with the
// recipient and the date as parameters. Apple's version gives the trophy a flexible frame inside a
// fixed 200×290 one, which never shrinks below its 200-point child: a name on three lines pushed the
// trophy's top, half the last line and the date off the card. Here the card is at least 290 high
// and grows with its content instead; the trophy keeps fixed margins (5 points above, room for its
// shadow; below, the 7.4 points Apple's frame leaves it at 1x), and each Text may take three lines
// and shrink before it would cut a character (a 54-character name fits on three lines). Ana's
// certificate is Apple's: 200×290, the name at y 228, the date at y 269, the trophy at y 7.4.
//
//   GET /view/award?name=Ana&date=22.11.2026
//   imgframe render --template award --set name=Ana --set date=22.11.2026 -o award.png
VStack {
    Image(systemName: "trophy")
        .resizable()
        .frame(width: 200, height: 200)
        .padding(.top, 5)
        .padding(.bottom, 7.4)
        .shadow(color: .mint, radius: 5)
    Text("\(name)")
        .font(.largeTitle)
        .lineLimit(3)
        .minimumScaleFactor(0.4)
    Text("\(date)")
        .lineLimit(3)
        .minimumScaleFactor(0.5)
}
.multilineTextAlignment(.center)
.frame(width: 200)
.frame(minHeight: 290, alignment: .bottom)
