import Testing
import TransformSpec

private func canonical(_ query: String, source: String = "a.jpg") throws -> String {
    try TransformSpec.parse(source: source, query: query).canonicalForm
}

@Suite("canonical form")
struct CanonicalFormTests {
    /// Pairs of requests that mean the same thing.
    static let same: [(String, String)] = [
        ("w=300&h=400&mode=fill", "h=400&mode=fill&w=300"),
        ("scale=2", "dpr=2"),
        ("", "mode=fit&interp=high&align=center&clip=0&scale=1&q=avif:72&fmt=auto&opaque=0&orient=auto"),
        ("w=300&h=400&mode=fill", "chain=resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:300,height:400)"),
        ("chain=resizable().scaledToFill()", "chain=.resizable( ).aspectRatio(nil, contentMode: .fill)"),
        ("chain=resizable()", #"chain=Image("a.jpg").resizable()"#),
        ("chain=resizable()", "chain=resizable(capInsets:EdgeInsets(),resizingMode:.stretch).interpolation(.low)"),
        ("chain=resizable().frame(minWidth:-1)", "chain=resizable().frame(minWidth:0)"),
        ("fmt=jpg", "fmt=jpeg"),
        ("fmt=png&q=50", "fmt=png"),
        ("bg=red&w=1&h=1", "bg=ff3b30&w=1&h=1"),
        ("bg=red&w=1&h=1", "bg=%23ff3b30ff&w=1&h=1"),
        ("ratio=16:9&mode=fill&w=300", "ratio=16/9&mode=fill&w=300"),
        ("w=300.0", "w=300"),
        ("w=3e2", "w=300"),
        ("insets=10&w=1&h=1", "insets=10,10,10,10&w=1&h=1"),
        ("border=blue&w=1&h=1", "border=blue,1&w=1&h=1"),
        ("pw=inf", "pw=infinity"),
        ("ratio=1", "ratio=1&propose=image"),
        ("", "colormode=nonLinear"),
        ("colormode=extendedLinear", "fmt=png&colormode=extendedLinear"),
        ("", "meta=copyright"),
        ("", "lossless=0"),
        ("png=palette", "png=palette:256"),
        ("png=palette", "png=palette&dither=1"),
        ("lossless=1", "lossless=true"),
        ("meta=none&chroma=444&png=palette", "png=palette&meta=none&chroma=444"),
        ("sharpen=1.5", "chain=resizable().interpolation(.high).scaledToFit().sharpened(1.5)"),
        (
            "chain=resizable().framedAspectRatio(2,contentMode:.fit)",
            #"chain=Color.clear.aspectRatio(2,contentMode:.fit).overlay{Image("a.jpg").resizable().scaledToFit()}.clipped()"#
        ),
    ]

    @Test("equal for requests that mean the same", arguments: same)
    func equal(_ a: String, _ b: String) throws {
        #expect(try canonical(a) == canonical(b))
    }

    /// Recipes of the README and docs: each sugar URL and the chain it stands for.
    static let recipes: [(String, String)] = [
        ("mode=fit&pw=300&ph=400", "chain=resizable().interpolation(.high).scaledToFit()&pw=300&ph=400"),
        ("w=300&h=300&mode=fill&clip=1", "chain=resizable().interpolation(.high).scaledToFill().frame(width:300,height:300).clipped()"),
        (
            "w=160&h=160&mode=fill&mask=circle&fmt=png",
            "chain=resizable().interpolation(.high).scaledToFill().frame(width:160,height:160).clipShape(Circle())&fmt=png"
        ),
        ("w=300&h=200&mode=fill&clip=1&dpr=2", "chain=resizable().interpolation(.high).scaledToFill().frame(width:300,height:200).clipped()&scale=2"),
        (
            "w=600&h=200&mode=fill&align=top&clip=1",
            "chain=resizable().interpolation(.high).scaledToFill().frame(width:600,height:200,alignment:.top).clipped()"
        ),
        (
            "w=400&h=300&mode=fill&clip=1&overlay=dot_green.png&oalign=bottomTrailing",
            #"chain=resizable().interpolation(.high).scaledToFill().frame(width:400,height:300).clipped().overlay(alignment:.bottomTrailing){Image("dot_green.png")}"#
        ),
    ]

    @Test("recipes: the sugar URL and its chain are one request", arguments: recipes)
    func recipe(_ sugar: String, _ chain: String) throws {
        #expect(try canonical(sugar) == canonical(chain))
    }

    /// Requests that differ in exactly one meaningful way.
    static let different: [String] = [
        "", "w=300", "w=301", "h=300", "w=300&h=300", "w=300&h=300&mode=fill", "w=300&h=300&mode=stretch",
        "w=300&h=300&mode=tile", "w=300&h=300&mode=none", "w=1&h=1&align=top", "w=1&h=1&align=bottom",
        "w=1&h=1&clip=1", "w=1&h=1&clip=aa", "interp=low", "interp=none", "interp=medium", "scale=2", "scale=3",
        "fmt=jpeg", "fmt=png", "fmt=webp", "fmt=jpeg&q=81", "opaque=1", "orient=right", "orient=up", "pw=300", "ph=300",
        "ratio=2", "ratio=2&mode=fill", "minw=10", "maxw=10", "minh=10", "maxh=10", "bg=red", "bg=blue", "border=blue",
        "border=blue,2", "overlay=wm.png", "overlay=wm.png&oalign=top", "insets=1", "insets=1,2,3,4",
        "chain=resizable()", "chain=resizable(resizingMode:.tile)", "chain=resizable().clipped()",
        "chain=resizable().clipped(antialiased:true)", #"chain=Image("b.jpg").resizable()"#,
        "colormode=linear", "colormode=linear&fmt=png", "colormode=extendedLinear",
        "ratio=1", "ratio=1&mode=fill", "ratio=1&w=300", "propose=image", "chain=resizable()&propose=image",
        "png=palette", "png=palette:16", "png=palette:2", "png=palette&dither=0", "png=palette&dither=0.5", "fmt=gif&dither=0",
        "chroma=444", "chroma=420", "fmt=jpeg&chroma=444", "lossless=1", "fmt=webp&lossless=1", "progressive=1", "progressive=0",
        "fmt=png&progressive=1", "meta=all", "meta=none", "sharpen=1", "sharpen=0.5", "w=10&sharpen=1",
        "chain=resizable().sharpened(2)",
    ]

    @Test("different for requests that differ")
    func distinct() throws {
        var seen: [String: String] = [:]
        for query in Self.different {
            let form = try canonical(query)
            #expect(seen[form] == nil, "`\(query)` prints like `\(seen[form] ?? "")`: \(form)")
            seen[form] = query
        }
        #expect(try canonical("w=1", source: "a.jpg") != canonical("w=1", source: "b.jpg"))
    }

    @Test("is itself a request that parses to the same spec", arguments: Self.different)
    func reparses(_ query: String) throws {
        let spec = try TransformSpec.parse(source: "a.jpg", query: query)
        let again = try TransformSpec.parse(source: "a.jpg", query: PercentEncodedQuery(spec.canonicalForm).text)
        #expect(again == spec)
    }
}

/// Percent-encodes the `chain` value of a canonical form so it can be sent as a query again.
private struct PercentEncodedQuery {
    let text: String

    init(_ canonical: String) {
        text = canonical.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            let encoded = parts[1].utf8.map { byte -> String in
                let c = Character(Unicode.Scalar(byte))
                return c.isLetter || c.isNumber || "._-~".contains(c) ? String(c) : percentEscape(byte)
            }.joined()
            return parts[0] + "=" + encoded
        }.joined(separator: "&")
    }
}

private func percentEscape(_ byte: UInt8) -> String {
    "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
}
