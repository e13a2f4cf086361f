func createAwardView(forUser: String, date: Date) -> some View {
    VStack {
        Image(systemName: "trophy")
            .resizable()
            .frame(width: 200, height: 200)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        Text(playerName)
            .font(.largeTitle)
        Text(achievementDate.formatted())
    }
}
var body: some View { createAwardView(forUser: playerName, date: achievementDate) }
