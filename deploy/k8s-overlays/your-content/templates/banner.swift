// An example of your own template, served at /view/banner once this overlay is applied:
//
//   GET /view/banner?headline=Spring%20sale
ZStack {
    Color(red: 0.10, green: 0.32, blue: 0.46)
    Text("\(headline)")
        .font(.system(size: 48, weight: .bold))
        .foregroundStyle(.white)
        .lineLimit(2)
        .padding(40)
}
.frame(width: 1200, height: 400)
