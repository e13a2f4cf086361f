import Layout

/// How an SF Symbols name becomes a Bootstrap Icons file name (views spec §8.2): an explicit table
/// for the names whose icon is called something else, else every `.` becomes `-`; a `.fill` name
/// whose filled icon is missing falls back to the outline. Also ranks close names for the error
/// an unknown name gets.
enum SymbolNames {
    /// SF name → Bootstrap icon (file name without `.svg`), where the dashed rule does not find it.
    /// A `.fill` variant of any entry is looked up as `<icon>-fill`, so it needs no row of its own.
    /// Every entry is checked against the installed icons by the tests.
    static let table: [String: String] = [
        // The spec's seed table (the rows the dashed rule does not already cover).
        "xmark": "x", "checkmark": "check", "gearshape": "gear", "magnifyingglass": "search", "minus": "dash",
        "photo": "image", "square.and.arrow.up": "box-arrow-up", "person.crop.circle": "person-circle",
        "exclamationmark.triangle": "exclamation-triangle", "questionmark.circle": "question-circle",
        // Common names in apps and Apple's examples.
        "xmark.circle": "x-circle", "checkmark.circle": "check-circle", "checkmark.square": "check-square",
        "minus.circle": "dash-circle", "exclamationmark.circle": "exclamation-circle",
        "square.and.arrow.down": "box-arrow-in-down", "square.and.pencil": "pencil-square",
        "bolt": "lightning", "flame": "fire", "sparkles": "stars", "location": "cursor", "phone": "telephone",
        "bubble.left": "chat-left", "hand.thumbsup": "hand-thumbs-up", "doc": "file-earmark",
        "doc.text": "file-earmark-text", "paperplane": "send", "person.2": "people", "ellipsis": "three-dots",
        "line.3.horizontal": "list", "list.bullet": "list-ul", "slider.horizontal.3": "sliders",
        "arrow.triangle.2.circlepath": "arrow-repeat", "square.grid.2x2": "grid", "calendar.badge.plus": "calendar-plus",
        "sun.max": "sun", "speaker.wave.2": "volume-up", "speaker.slash": "volume-mute", "battery.100": "battery-full",
        "star.leadinghalf.filled": "star-half", "rectangle.portrait.and.arrow.right": "box-arrow-right",
        "creditcard": "credit-card", "chart.bar": "bar-chart",
        // SF Symbols' common set, where a Bootstrap icon draws the same thing.
        "video": "camera-video", "forward": "fast-forward", "backward": "rewind", "forward.end": "skip-end",
        "backward.end": "skip-start", "mappin.and.ellipse": "geo", "lock.open": "unlock", "battery.50": "battery-half",
        "battery.0": "battery", "list.number": "list-ol", "mic.slash": "mic-mute", "hand.thumbsdown": "hand-thumbs-down",
    ]

    /// The icon files to try for `name`, best first.
    static func iconNames(for name: String) -> [String] {
        if let icon = table[name] { return [icon] }
        guard name.hasSuffix(".fill") else { return [dashed(name)] }
        let outline = String(name.dropLast(".fill".count))
        let icon = table[outline] ?? dashed(outline)
        return [icon + "-fill", icon]
    }

    /// Up to `count` names close to `name`: from the table's and the composites' SF names and the
    /// icons' own names written the SF way (`check-circle` → `check.circle`, which the dashed rule
    /// maps back). Ranked by edit distance; names further than about half the length away are left
    /// out unless they share the first word.
    static func suggestions(for name: String, icons: [String], count: Int = 3) -> [String] {
        let pool = Set(table.keys).union(SymbolComposite.table.keys).union(icons.map { String($0.map { $0 == "-" ? "." : $0 }) })
        let head = name.split(separator: ".").first.map(String.init) ?? name
        let limit = max(3, name.count / 2)
        let ranked = pool.compactMap { candidate -> (Int, String)? in
            let distance = editDistance(name, candidate)
            let sameHead = candidate.split(separator: ".").first.map(String.init) == head
            return distance <= limit || sameHead ? (distance, candidate) : nil
        }
        return ranked.sorted { $0 < $1 }.prefix(count).map(\.1)
    }

    private static func dashed(_ name: String) -> String {
        String(name.map { $0 == "." ? "-" : $0 })
    }

    /// Levenshtein distance, shared with the query language's "did you mean".
    static func editDistance(_ a: String, _ b: String) -> Int {
        EditDistance.between(a, b)
    }
}
