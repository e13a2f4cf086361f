import Layout
import Testing
import TransformSpec

/// `focus=` and `.focus(…)`: one canonical form for both spellings, fractions checked, and a focus
/// refused where nothing is cropped.
@Suite("spec: focus")
struct FocusSpecTests {
    @Test(
        "the query and the chain give the same canonical chain",
        arguments: [
            (
                "w=300&h=400&mode=fill&focus=attention",
                #"Image("a.jpg").resizable().interpolation(.high).focus(.attention).aspectRatio(contentMode:.fill).frame(width:300,height:400)"#
            ),
            (
                "w=300&h=400&mode=fill&focus=entropy",
                #"Image("a.jpg").resizable().interpolation(.high).focus(.entropy).aspectRatio(contentMode:.fill).frame(width:300,height:400)"#
            ),
            (
                "w=300&h=400&mode=fill&focus=0.3,0.25",
                #"Image("a.jpg").resizable().interpolation(.high).focus(x:0.3,y:0.25).aspectRatio(contentMode:.fill).frame(width:300,height:400)"#
            ),
            ("w=30&h=40&mode=none&focus=1,0", #"Image("a.jpg").interpolation(.high).focus(x:1,y:0).frame(width:30,height:40)"#),
        ])
    func canonical(_ query: String, _ chain: String) throws {
        let spec = try TransformSpec.parse(source: "a.jpg", query: query)
        #expect(spec.canonicalChain == chain)
        let reparsed = try TransformSpec.parseChain(chain, source: "a.jpg")
        #expect(reparsed == spec.view)
    }

    @Test(
        "bad values and misplaced focus are refused with what works",
        arguments: [
            ("w=3&h=4&mode=fill&focus=atention", "did you mean `attention`"),
            ("w=3&h=4&mode=fill&focus=1.5,0", "fractions of the image"),
            ("w=3&h=4&mode=fill&focus=0.5", "fractions of the image"),
            ("w=3&h=4&focus=attention", "`mode=fit` shows the whole image"),
            ("w=3&h=4&mode=stretch&focus=0.5,0.5", "use mode=fill"),
        ])
    func refused(_ query: String, _ message: String) {
        #expect {
            try TransformSpec.parse(source: "a.jpg", query: query)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(
        "the chain modifier checks its arguments",
        arguments: [
            ("resizable().focus(x:2,y:0)", "fraction of the image's width"),
            ("resizable().focus(x:0.5)", "focus needs .attention"),
            ("resizable().focus(.center)", "focus"),
            ("resizable().focus(.attention,x:1,y:1)", "not both"),
            ("resizable().frame(width:3).focus(.attention)", "Image modifier"),
        ])
    func chainRefused(_ chain: String, _ message: String) {
        #expect {
            try TransformSpec.parseChain(chain, source: "a.jpg")
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

/// Messages that suggest the fix: one wording for `radius` whatever was wrong, and the `#` a URL loses.
@Suite("spec: messages")
struct MessageWordingTests {
    @Test("radius: the same accepted values for a word, inf and a near miss of max", arguments: ["big", "inf", "mx", "-1"])
    func radius(_ value: String) {
        #expect {
            try TransformSpec.parse(source: "a.jpg", query: "w=10&h=10&radius=\(value)")
        } throws: { error in
            "\(error)".contains("a corner radius in points ≥ 0 and at most 1000000, or `max` for a capsule")
                && (value != "mx" || "\(error)".contains("did you mean `max`"))
        }
    }

    @Test("an empty colour says a `#` starts the URL's fragment", arguments: ["bg=", "border=", "trim=10,"])
    func lostHash(_ query: String) {
        #expect {
            try TransformSpec.parse(source: "a.jpg", query: "w=10&" + query)
        } throws: { error in
            "\(error)".contains("write `%23ff0000` or just `ff0000`")
        }
    }
}
