import Layout
import Testing
import TransformSpec

private func spec(_ query: String, source: String = "a.jpg") throws(SpecError) -> TransformSpec {
    try TransformSpec.parse(source: source, query: query)
}

@Suite("sugar parameters compile to the chain")
struct SugarCompileTests {
    /// Query → canonical chain (the design's order: resizable → interpolation → aspectRatio → frame →
    /// flexible frame → clipped → overlay → background → border).
    static let cases: [(String, String)] = [
        ("", #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit)"#),
        (
            "w=300&h=400&mode=fill&clip=1&interp=medium",
            #"Image("a.jpg").resizable().interpolation(.medium).aspectRatio(contentMode:.fill).frame(width:300,height:400).clipped()"#
        ),
        ("w=300&h=400&align=topLeading&mode=none", #"Image("a.jpg").interpolation(.high).frame(width:300,height:400,alignment:.topLeading)"#),
        ("w=300&h=400&mode=stretch", #"Image("a.jpg").resizable().interpolation(.high).frame(width:300,height:400)"#),
        ("w=300&h=400&mode=tile&interp=low", #"Image("a.jpg").resizable(resizingMode:.tile).frame(width:300,height:400)"#),
        ("w=300&mode=fit", #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:300)"#),
        (
            "ratio=2&mode=fill&w=300",
            #"Color.clear.aspectRatio(2,contentMode:.fit).overlay{Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill)}.clipped().frame(width:300)"#
        ),
        (
            "ratio=16:9&w=320",
            #"Color.clear.aspectRatio(1.7777777777777777,contentMode:.fit).overlay{Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit)}.clipped().frame(width:320)"#
        ),
        (
            "insets=10,10,10,10&w=100&h=60&mode=stretch",
            #"Image("a.jpg").resizable(capInsets:EdgeInsets(top:10,leading:10,bottom:10,trailing:10)).interpolation(.high).frame(width:100,height:60)"#
        ),
        (
            "minw=0&maxw=inf&minh=0&maxh=inf&mode=fill",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(minWidth:0,maxWidth:.infinity,minHeight:0,maxHeight:.infinity)"#
        ),
        (
            "w=300&h=400&maxw=200&align=bottom",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:300,height:400,alignment:.bottom).frame(maxWidth:200,alignment:.bottom)"#
        ),
        (
            "w=300&h=400&bg=red&border=blue,2",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:300,height:400).background{Color.red}.border(Color.blue,width:2)"#
        ),
        (
            "w=10&h=10&bg=ff000080&border=00ff00",
            ##"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:10,height:10).background{Color(hex:"#ff000080")}.border(Color(hex:"#00ff00"))"##
        ),
        (
            "w=10&h=10&bg=linear(red,blue;leading,trailing)",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:10,height:10).background{LinearGradient(colors:[Color.red,Color.blue],startPoint:.leading,endPoint:.trailing)}"#
        ),
        (
            "w=10&h=10&bg=linear(red,white,blue)",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:10,height:10).background{LinearGradient(colors:[Color.red,Color.white,Color.blue],startPoint:.top,endPoint:.bottom)}"#
        ),
        (
            "w=300&h=400&overlay=wm.png&oalign=bottomTrailing",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit).frame(width:300,height:400).overlay(alignment:.bottomTrailing){Image("wm.png")}"#
        ),
        (
            "w=300&h=400&mode=fill&clip=aa",
            #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:300,height:400).clipped(antialiased:true)"#
        ),
        ("mode=fill&w=300&ph=400", #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:300)"#),
        ("chain=resizable().frame(width:300)", #"Image("a.jpg").resizable().frame(width:300)"#),
        ("chain=resizable%28%29.frame%28width%3A300%29", #"Image("a.jpg").resizable().frame(width:300)"#),
        (
            "chain=resizable().overlay(alignment:.top)%7BImage(%22wm.png%22)%7D",
            #"Image("a.jpg").resizable().overlay(alignment:.top){Image("wm.png")}"#
        ),
    ]

    @Test("compiles", arguments: cases)
    func compiles(_ query: String, _ chain: String) throws {
        #expect(try spec(query).canonicalChain == chain)
    }

    @Test("the compiled chain, written as `chain`, is the same request", arguments: cases)
    func chainEquivalent(_ query: String, _ chain: String) throws {
        let sugar = try spec(query)
        let rest = query.split(separator: "&").filter { $0.hasPrefix("pw=") || $0.hasPrefix("ph=") }.map(String.init)
        let written = try spec((["chain=" + chain] + rest).joined(separator: "&"))
        #expect(written.canonicalForm == sugar.canonicalForm)
        #expect(written == sugar)
    }

    @Test("renderer and encoder options")
    func options() throws {
        let s = try spec("pw=300&ph=inf&dpr=2&orient=rightMirrored&fmt=jpg&q=55&opaque=1")
        #expect(s.proposal == ProposedSize(width: 300, height: .infinity))
        #expect(s.scale == 2)
        #expect(s.orientation == .fixed(.rightMirrored))
        #expect(s.format == .fixed(.jpeg))
        #expect(s.quality == EncoderQuality(all: 55))
        #expect(s.isOpaque)
        #expect(s.canonicalForm.hasSuffix("&pw=300&ph=.infinity&scale=2&orient=rightMirrored&fmt=jpeg&q=55&opaque=1"))
    }
}

@Suite("query errors name the parameter and the allowed values")
struct QueryErrorTests {
    /// Query → (parameter, a fragment of the message).
    static let errors: [(String, String, String)] = [
        ("mode=fil", "mode", "`mode` must be one of fit, fill, stretch, tile, none; got `fil`"),
        ("w=0", "w", "`w` must be a number of points > 0, at most 1000000; got `0`"),
        ("w=-5", "w", "> 0"),
        ("w=abc", "w", "got `abc`"),
        ("w=nan", "w", "> 0"),
        ("w=inf", "w", "> 0"),
        ("h=1e999", "h", "> 0"),
        ("maxw=-1", "maxw", "≥ 0 and at most 1000000, or `inf`"),
        ("pw=x", "pw", "≥ 0 and at most 1000000, or `inf`"),
        ("chain=resizable()&w=300&clip=1", "chain", "`chain` cannot be combined with layout parameters (`w`, `clip`)"),
        ("mode=fill&w=300", "mode", "add `h` (or `ph`), use `ratio`"),
        ("mode=fill&h=300", "mode", "add `w` (or `pw`), use `ratio`"),
        ("mode=fill&pw=300", "mode", "infinitely tall"),
        ("wdth=3", "wdth", "unknown parameter `wdth`; known parameters: w, h,"),
        ("w=1&w=2", "w", "`w` is given more than once"),
        ("scale=2&dpr=2", "dpr", "more than once"),
        ("scale=5", "scale", "from 1 to 4"),
        ("scale=0.5", "scale", "from 1 to 4"),
        ("q=0", "q", "a quality from 1 to 100"),
        ("q=101", "q", "from 1 to 100"),
        ("q=8.5", "q", "a quality from 1 to 100"),
        ("fmt=bmp", "fmt", "one of auto, jpeg, png, webp, avif, jxl, gif, pdf"),
        ("opaque=2", "opaque", "`0` or `1`"),
        ("clip=2", "clip", "one of 0, 1, aa"),
        ("interp=best", "interp", "one of none, low, medium, high"),
        ("align=middle", "align", "one of topLeading, top"),
        ("orient=sideways", "orient", "one of auto, up, upMirrored"),
        ("insets=1,2", "insets", "top,leading,bottom,trailing"),
        ("insets=1,2,3,-4", "insets", "≥ 0"),
        ("insets=10&mode=none", "insets", "`mode=none`"),
        ("ratio=0", "ratio", "a ratio > 0"),
        ("ratio=16:0", "ratio", "a ratio > 0"),
        ("ratio=16:9:2", "ratio", "a ratio > 0"),
        ("ratio=2&mode=stretch", "ratio", "`mode=fit` or `mode=fill`"),
        ("oalign=top", "oalign", "add `overlay=<image path>`"),
        ("overlay=", "overlay", "the path of an image"),
        ("bg=notacolour", "bg", "a colour name (black, blue"),
        ("bg=linear(red)", "bg", "linear(red,blue)"),
        ("bg=linear(red,blue;up,down)", "bg", "start and end among"),
        ("border=blue,x", "border", "`blue` or `blue,2`"),
        ("border=blue,-1", "border", "`blue,2`"),
        ("w=%zz", "w", "percent-encoded"),
        ("w=%ff", "w", "UTF-8"),
        ("chain=resizable().frame(width:%00)", "chain", "without NUL"),
        ("chain=resizable(", "chain", "at offset 10"),
    ]

    @Test("rejects", arguments: errors)
    func rejects(_ query: String, _ param: String, _ fragment: String) {
        expectRejection(query, parameter: param, mentioning: fragment)
    }
}
