import Testing
import TransformSpec

private func spec(_ query: String) throws(SpecError) -> TransformSpec {
    try TransformSpec.parse(source: "a.jpg", query: query)
}

@Suite("helpful parsing: near misses get a hint, unambiguous spellings are accepted")
struct HelpfulParsingTests {
    /// Query → (parameter named by the error, fragment of the message).
    static let hinted: [(String, String, String)] = [
        ("w=300&h=400&mode=cover", "mode", "did you mean `fill`?"),
        ("w=300&h=400&mode=contain", "mode", "did you mean `fit`?"),
        ("w=300&h=400&mode=fil", "mode", "did you mean `fill`?"),
        ("w=1&h=1&align=left", "align", "did you mean `leading`?"),
        ("w=1&h=1&align=right", "align", "did you mean `trailing`?"),
        ("w=1&h=1&align=top-left", "align", "did you mean `topLeading`?"),
        ("w=1&h=1&align=bottom_right", "align", "did you mean `bottomTrailing`?"),
        ("w=1&h=1&align=TopLeading", "align", "did you mean `topLeading`?"),
        ("w=1&h=1&align=centre", "align", "did you mean `center`?"),
        ("overlay=wm.png&oalign=top-right", "oalign", "did you mean `topTrailing`?"),
        ("interp=lanczos", "interp", "did you mean `high`?"),
        ("mask=round", "mask", "did you mean `circle`?"),
        ("clip=maybe", "clip", "one of 0, 1, aa"),
        ("fmt=tiff", "fmt", "did you mean `png`?"),
        ("fmt=wepb", "fmt", "did you mean `webp`?"),
        ("orient=upmirrored", "orient", "did you mean `upMirrored`?"),
        ("opaque=2", "opaque", "`0` or `1`"),
        ("dpr=abc", "dpr", "`dpr` must be a number from 1 to 4; got `abc`"),
        ("dpr=9", "dpr", "`dpr` must be"),
        ("scale=abc", "scale", "`scale` must be"),
        ("colormode=linear-light", "colormode", "did you mean `linear`?"),
    ]

    @Test("a near miss names the parameter as written and what it probably means", arguments: hinted)
    func hint(_ query: String, _ param: String, _ fragment: String) {
        expectRejection(query, parameter: param, mentioning: fragment)
    }

    /// Chain enum values get the same hints, written as Swift members.
    static let chainHints: [(String, String)] = [
        ("resizable().aspectRatio(contentMode:.cover)", "did you mean `.fill`?"),
        ("resizable().frame(width:1,height:1,alignment:.left)", "did you mean `.leading`?"),
        ("resizable().frame(width:1,height:1,alignment:.topLeft)", "did you mean `.topLeading`?"),
        ("resizable().interpolation(.hihg)", "did you mean `.high`?"),
    ]

    @Test("chain enum values say what they probably mean", arguments: chainHints)
    func chainHint(_ chain: String, _ fragment: String) {
        do {
            _ = try spec("chain=" + chain)
            Issue.record("expected an error for \(chain)")
        } catch {
            #expect(error.parameter == "chain")
            #expect(error.description.contains("must be one of"), "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
        }
    }

    /// Accepted spellings and the canonical spelling they mean: one canonical form each.
    static let accepted: [(String, String)] = [
        ("w=1&h=1&clip=true", "w=1&h=1&clip=1"),
        ("w=1&h=1&clip=ON", "w=1&h=1&clip=1"),
        ("w=1&h=1&clip=false", "w=1&h=1"),
        ("opaque=yes", "opaque=1"),
        ("opaque=off", ""),
        ("fmt=JPEG", "fmt=jpeg"),
        ("fmt=jpg", "fmt=jpeg"),
        ("fmt=JPG", "fmt=jpeg"),
        ("fmt=Png", "fmt=png"),
        ("bg=%23f00&w=1&h=1", "bg=ff0000&w=1&h=1"),
        ("bg=%23ff0000&w=1&h=1", "bg=ff0000&w=1&h=1"),
        ("bg=%23f008&w=1&h=1", "bg=ff000088&w=1&h=1"),
        ("bg=transparent&w=1&h=1", "bg=clear&w=1&h=1"),
        ("bg=linear(red,%20blue)&w=1&h=1", "bg=linear(red,blue)&w=1&h=1"),
        ("bg=linear(red,+blue;+top,+bottom)&w=1&h=1", "bg=linear(red,blue;top,bottom)&w=1&h=1"),
        ("border=blue,+2&w=1&h=1", "border=blue,2&w=1&h=1"),
        ("insets=1,+2,+3,+4&w=1&h=1", "insets=1,2,3,4&w=1&h=1"),
    ]

    @Test("reasonable spellings mean the canonical one", arguments: accepted)
    func accepts(_ typed: String, _ canonical: String) throws {
        #expect(try spec(typed).canonicalForm == spec(canonical).canonicalForm)
    }

    @Test("three hex digits need `#`: `bad` is not a colour")
    func shortHexNeedsHash() {
        #expect(throws: SpecError.self) { try spec("bg=bad&w=1&h=1") }
    }

    @Test("the suggestion helper")
    func nearest() {
        #expect(Suggestion.nearest(to: "cover", among: ["fit", "fill"]) == "fill")
        #expect(Suggestion.nearest(to: "right", among: ["up", "right", "left"]) == nil)
        #expect(Suggestion.nearest(to: "true", among: ["0", "1"]) == "1")
        #expect(Suggestion.nearest(to: "true", among: ["true", "false"]) == nil)
        #expect(Suggestion.nearest(to: "qqqqqqqq", among: ["fit", "fill"]) == nil)
        #expect(Suggestion.nearest(to: "extended", among: ["nonLinear", "linear", "extendedLinear"]) == "extendedLinear")
    }
}
