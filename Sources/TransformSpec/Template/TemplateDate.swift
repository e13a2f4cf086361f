import CheckedConversion

/// A date a template parameter gives in ISO 8601 (`2026-11-27`, `2026-11-27T22:15`,
/// `2026-11-27T22:15:00Z`, `…+01:00`), kept as the wall-clock time it was written in, and
/// `Date.formatted()` as SwiftUI writes it (date `.numeric`, time `.shortened`) for a few locales.
struct TemplateDate: Sendable, Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// Parses ISO 8601: a date, optionally `T` (or a space) and a time with minutes, seconds and
    /// a fraction, optionally `Z` or an offset (kept out: the time shows as written).
    init?(iso8601 text: String) {
        let s = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= s.count, range.allSatisfy({ (0x30...0x39).contains(s[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(s[$1] - 0x30) }
        }
        guard s.count >= 10, s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"), let y = number(0..<4), let m = number(5..<7),
            let d = number(8..<10)
        else { return nil }
        (year, month, day) = (y, m, d)
        var index = 10
        if index < s.count, s[index] == UInt8(ascii: "T") || s[index] == UInt8(ascii: " ") {
            guard s.count >= index + 6, s[index + 3] == UInt8(ascii: ":"), let h = number((index + 1)..<(index + 3)),
                let mi = number((index + 4)..<(index + 6))
            else { return nil }
            (hour, minute) = (h, mi)
            index += 6
            if index < s.count, s[index] == UInt8(ascii: ":") {
                guard let sec = number((index + 1)..<(index + 3)) else { return nil }
                second = sec
                index += 3
                if index < s.count, s[index] == UInt8(ascii: ".") {
                    index += 1
                    while index < s.count, (0x30...0x39).contains(s[index]) { index += 1 }
                }
            }
            if index < s.count, s[index] == UInt8(ascii: "Z") {
                index += 1
            } else if index < s.count, s[index] == UInt8(ascii: "+") || s[index] == UInt8(ascii: "-") {
                guard number((index + 1)..<(index + 3)) != nil else { return nil }
                index += 3
                if index < s.count, s[index] == UInt8(ascii: ":") { index += 1 }
                guard number(index..<(index + 2)) != nil else { return nil }
                index += 2
            }
        }
        guard index == s.count, (1...12).contains(month), (1...Self.days(in: month, year: year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
    }

    static func days(in month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The locales `formatted()` knows, with their numeric date and short time patterns (CLDR's,
    /// as Apple's platforms use them). Another locale is an error naming these.
    static let locales: [String: (date: String, separator: String, time: String)] = [
        "en_US": ("M/d/yyyy", ", ", "h:mm\u{202F}a"),
        "en_GB": ("dd/MM/yyyy", ", ", "HH:mm"),
        "de_DE": ("d.M.yyyy", ", ", "HH:mm"),
        "fr_FR": ("dd/MM/yyyy", " ", "HH:mm"),
        "es_ES": ("d/M/yyyy", ", ", "H:mm"),
        "it_IT": ("d/M/yyyy", ", ", "HH:mm"),
        "nl_NL": ("d-M-yyyy", ", ", "HH:mm"),
        "pt_BR": ("dd/MM/yyyy", ", ", "HH:mm"),
        "ru_RU": ("dd.MM.yyyy", ", ", "HH:mm"),
        "ja_JP": ("yyyy/MM/dd", " ", "H:mm"),
        "zh_CN": ("yyyy/M/d", " ", "HH:mm"),
    ]

    /// The default locale of `formatted()`.
    static let defaultLocale = "en_US"

    /// `formatted()`; `date` or `time` false leave that part out (`.omitted`).
    func formatted(locale: String, date showsDate: Bool = true, time showsTime: Bool = true) -> String {
        let patterns = Self.locales[locale] ?? Self.locales[Self.defaultLocale]!
        let parts = [showsDate ? format(patterns.date) : nil, showsTime ? format(patterns.time) : nil].compactMap { $0 }
        return parts.joined(separator: patterns.separator)
    }

    /// Swift's `description` of a date: `2026-11-27 22:15:00 +0000`.
    var description: String {
        format("yyyy-MM-dd HH:mm:ss") + " +0000"
    }

    private func format(_ pattern: String) -> String {
        var out = ""
        var rest = Substring(pattern)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        while let c = rest.first {
            let run = rest.prefix { $0 == c }
            rest = rest.dropFirst(run.count)
            switch (c, run.count) {
            case ("y", _): out += "\(year)"
            case ("M", 1): out += "\(month)"
            case ("M", _): out += two(month)
            case ("d", 1): out += "\(day)"
            case ("d", _): out += two(day)
            case ("H", 1): out += "\(hour)"
            case ("H", _): out += two(hour)
            case ("h", _): out += "\(hour % 12 == 0 ? 12 : hour % 12)"
            case ("m", _): out += two(minute)
            case ("s", _): out += two(second)
            case ("a", _): out += hour < 12 ? "AM" : "PM"
            default: out += run
            }
        }
        return out
    }
}
