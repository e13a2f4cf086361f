import Layout

/// The "did you mean …" of every enum-like value, sugar and chain alike: the value a near miss most
/// likely stands for, or `nil` when nothing is close. Only a hint; what is accepted is decided by
/// each parser, so every value keeps one canonical spelling.
public enum Suggestion {
    /// Words from CSS, other image services and everyday speech, and the SwiftUI name they mean.
    /// Keys are `folded`. A target is suggested only where it is one of the allowed values, so
    /// `right` suggests `trailing` for `align` but is a valid `orient`.
    static let aliases: [String: [String]] = [
        "cover": ["fill"], "crop": ["fill"], "aspectfill": ["fill"], "scaletofill": ["fill"], "scaledtofill": ["fill"],
        "contain": ["fit"], "inside": ["fit"], "aspectfit": ["fit"], "scaletofit": ["fit"], "scaledtofit": ["fit"],
        "scale": ["stretch"], "resize": ["stretch"], "repeat": ["tile"], "original": ["none"],
        "left": ["leading"], "right": ["trailing"], "start": ["leading"], "end": ["trailing"],
        "middle": ["center"], "centre": ["center"], "centered": ["center"], "centred": ["center"],
        "topleft": ["topLeading"], "topright": ["topTrailing"], "bottomleft": ["bottomLeading"], "bottomright": ["bottomTrailing"],
        "lefttop": ["topLeading"], "righttop": ["topTrailing"], "leftbottom": ["bottomLeading"], "rightbottom": ["bottomTrailing"],
        "north": ["top"], "south": ["bottom"], "west": ["leading"], "east": ["trailing"],
        "true": ["1", "true"], "yes": ["1", "true"], "on": ["1", "true"], "false": ["0", "false"], "no": ["0", "false"], "off": ["0", "false"],
        "antialias": ["aa"], "antialiased": ["aa"], "smooth": ["aa"],
        "jpg": ["jpeg"], "jpe": ["jpeg"], "tif": ["png"], "tiff": ["png"], "heic": ["avif"], "heif": ["avif"],
        "round": ["circle"], "oval": ["ellipse"], "pill": ["capsule"],
        "nearest": ["none"], "bilinear": ["low"], "bicubic": ["medium"], "lanczos": ["high"],
    ]

    /// The allowed value `typed` most likely means: an alias (`cover` → `fill`), the same letters in
    /// another case or punctuation (`top_leading` → `topLeading`), a value it starts or ends with
    /// (`linear-light` → `linear`), else the nearest by edit distance within about a third of its length.
    public static func nearest(to typed: String, among allowed: [String]) -> String? {
        let key = folded(typed)
        guard !key.isEmpty, !allowed.contains(typed) else { return nil }
        if let targets = aliases[key], let target = targets.first(where: allowed.contains) { return target }
        if let same = allowed.first(where: { folded($0) == key }) { return same }
        if key.count >= 3 {
            let related = allowed.filter { folded($0).count >= 2 && (key.hasPrefix(folded($0)) || folded($0).hasPrefix(key)) }
            if let longest = related.max(by: { $0.count < $1.count }) { return longest }
        }
        let limit = max(1, key.count / 3)
        // A distance as long as the value itself is a replacement, not a typo (`2` is not a near `0`).
        let ranked = allowed.map { (editDistance(key, folded($0)), $0) }.filter { $0.0 <= limit && $0.0 < folded($0.1).count }
        return ranked.min { $0.0 < $1.0 }?.1
    }

    /// `; did you mean `x`?` for error messages, or empty; `prefix` is written before the value (`.` in chains).
    static func hint(for typed: String, among allowed: [String], prefix: String = "") -> String {
        nearest(to: typed, among: allowed).map { "; did you mean `\(prefix)\($0)`?" } ?? ""
    }

    /// Lower-case letters and digits only: `Top-Left` and `top_left` fold to `topleft`.
    static func folded(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Edit distance over UTF-8 bytes (`EditDistance`, shared with the renderer's symbol names).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        EditDistance.between(a, b)
    }
}
