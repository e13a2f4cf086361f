// An award certificate: Apple's ImageRenderer example ("Creating an image from a view"), geometry
// verbatim, with the recipient and the date as parameters.
//
//   GET /view/award?name=Ana&date=22.11.2026
//   imgframe render --template award --set name=Ana --set date=22.11.2026 -o award.png
VStack {
    Image(systemName: "trophy")
        .resizable()
        .frame(width: 200, height: 200)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .shadow(color: .mint, radius: 5)
    Text("\(name)")
        .font(.largeTitle)
    Text("\(date)")
}
.multilineTextAlignment(.center)
.frame(width: 200, height: 290)
