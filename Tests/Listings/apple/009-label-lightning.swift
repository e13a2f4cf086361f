// source: https://developer.apple.com/documentation/swiftui/label
Label("Lightning", systemImage: "bolt.fill")
