import Layout
import Testing
import TransformSpec

/// imgproxy's and thumbor's URLs read into the canonical request: the SwiftUI chain each option
/// becomes (the same one the native parameters give where they can say it), and a 400 naming what
/// has no equivalent.
@Suite("spec: imgproxy and thumbor URLs")
struct CompatURLTests {
    static let fill =
        #"chain=Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:300,height:200,alignment:.top).clipped()&canvas=nearest&fmt=jpeg"#

    static func imgproxy(_ path: String) throws -> String {
        try ImgproxyURL.request(
            Substring(path), sourceName: { $0.hasPrefix("https://cdn.example.com/") ? "cdn/" + $0.dropFirst(24) : nil }, watermark: "wm.png"
        )
        .spec.canonicalForm
    }

    @Test(
        "imgproxy options as SwiftUI chains",
        arguments: [
            ("rs:fill:300:200:1/g:no/plain/local:///a.jpg", fill),
            // imgproxy does not enlarge by default: the box is min(box, image), the image filling it.
            (
                "rs:fill:300:200/plain/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fill).frame(maxWidth:300,maxHeight:200).clipped()&propose=image&canvas=nearest&fmt=jpeg"#
            ),
            (
                "rs:fill-down:300:200/plain/a.png",
                #"chain=Color.clear.frame(maxWidth:300,maxHeight:200).aspectRatio(1.5,contentMode:.fit).overlay{Image("a.png").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fill)}.clipped()&propose=image&canvas=nearest&fmt=png"#
            ),
            (
                "rs:force:300:200/plain/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).frame(maxWidth:300,maxHeight:200).aspectRatio(1.5,contentMode:.fit)&propose=image&canvas=nearest&fmt=jpeg"#
            ),
            // dpr without enlarging multiplies the box and padding in pixels; padding lies outside the box.
            (
                "dpr:2/rs:fit:300:300/pd:10/plain/a.jpg@webp",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fit).padding(20)&pw=640&ph=640&canvas=nearest&fmt=webp"#
            ),
            (
                "rs:fit:300:300:1/dpr:2/plain/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit)&pw=300&ph=300&scale=2&canvas=nearest&fmt=jpeg"#
            ),
            (
                "c:1000:800:nowe/rs:fit:300:300/plain/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).crop(width:1000,height:800,alignment:.topLeading).aspectRatio(contentMode:.fit)&pw=300&ph=300&canvas=nearest&fmt=jpeg"#
            ),
            (
                "rot:90/w:300/plain/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fit)&pw=300&canvas=nearest&turn=90&fmt=jpeg"#
            ),
            // A base64url source split with `/`, with its extension.
            (
                "w:300/bG9jYWw6Ly8v/YS5qcGc.webp",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fit)&pw=300&canvas=nearest&fmt=webp"#
            ),
            (
                "rs:fill:300:300:1/g:fp:0.25:0.75/bl:2/sh:0.5/q:70/sm:0/plain/https://cdn.example.com/b.jpg",
                #"chain=Image("cdn/b.jpg").resizable().interpolation(.high).focus(x:0.25,y:0.75).aspectRatio(contentMode:.fill).frame(width:300,height:300).sharpened(0.5).blur(radius:2,opaque:true).clipped()&canvas=nearest&fmt=jpeg&q=70&meta=all"#
            ),
        ])
    func imgproxyChains(_ path: String, _ canonical: String) throws {
        #expect(try Self.imgproxy(path) == canonical)
    }

    @Test(
        "thumbor options as SwiftUI chains",
        arguments: [
            ("300x200/top/a.jpg", fill),
            (
                "fit-in/300x300/a.png",
                #"chain=Image("a.png").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fit)&pw=300&ph=300&canvas=nearest&fmt=png"#
            ),
            (
                "full-fit-in/300x300/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill)&pw=300&ph=300&canvas=nearest&fmt=jpeg"#
            ),
            // A flip mirrors the result, after the crop chose its side.
            (
                "-300x200/left/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:300,height:200,alignment:.leading).clipped().scaleEffect(x:-1,y:1)&canvas=nearest&fmt=jpeg"#
            ),
            (
                "10x20:110x220/50x50/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).crop(x:10,y:20,width:100,height:200).aspectRatio(contentMode:.fill).frame(width:50,height:50).clipped()&canvas=nearest&fmt=jpeg"#
            ),
            // rotate(90) turns the result counter-clockwise: the image turned 270° before a box turned with it.
            (
                "300x200/filters:rotate(90)/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:200,height:300).clipped()&canvas=nearest&turn=270&fmt=jpeg"#
            ),
            (
                "300x400/filters:focal(100x100:300x300)/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).focus(pixelX:200,pixelY:200).aspectRatio(contentMode:.fill).frame(width:300,height:400).clipped()&canvas=nearest&fmt=jpeg"#
            ),
            (
                "fit-in/300x300/filters:fill(red):quality(70)/a.jpg",
                ##"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fit).frame(width:300,height:300).background{Color(hex:"#ff0000")}&canvas=nearest&fmt=jpeg&q=70"##
            ),
            // no_upscale is imgproxy's non-enlarging fill: the same chain, so the same cache entry.
            (
                "300x300/filters:no_upscale():round_corner(20,255,255,255)/a.jpg",
                #"chain=Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fill).frame(maxWidth:300,maxHeight:300).clipped().clipShape(RoundedRectangle(cornerRadius:20)).background{Color.white}&propose=image&canvas=nearest&fmt=jpeg"#
            ),
        ])
    func thumborChains(_ path: String, _ canonical: String) throws {
        #expect(try ThumborURL.request(Substring(path)).spec.canonicalForm == canonical)
    }

    @Test("every canonical chain parses back to the same request")
    func roundTrip() throws {
        for path in ["c:1000:800:nowe/rs:fit:300:300/plain/a.jpg", "rs:fill-down:300:200/plain/a.png", "rot:90/w:300/plain/a.jpg"] {
            let spec = try ImgproxyURL.request(Substring(path), sourceName: { _ in nil }, watermark: nil).spec
            let query = spec.canonicalForm.replacingChain()
            #expect(try TransformSpec.parse(source: spec.source, query: query) == spec, "\(path)")
        }
        for path in ["300x400/filters:focal(100x100:300x300)/a.jpg", "-300x200/left/a.jpg", "10x20:110x220/50x50/a.jpg"] {
            let spec = try ThumborURL.request(Substring(path)).spec
            #expect(try TransformSpec.parse(source: spec.source, query: spec.canonicalForm.replacingChain()) == spec, "\(path)")
        }
    }

    @Test(
        "what has no equivalent is refused, naming the option",
        arguments: [
            ("imgproxy", "zoom:2/plain/a.jpg", "zoom"), ("imgproxy", "rs:auto:300:200/plain/a.jpg", "resizing_type"),
            ("imgproxy", "g:no:10:5/rs:fill:9:9/plain/a.jpg", "g"),
            ("imgproxy", "raw:1/plain/a.jpg", "raw"), ("imgproxy", "f:tiff/plain/a.jpg", "f"), ("imgproxy", "fn:x/plain/a.jpg", "filename"),
            ("imgproxy", "rs:fit:9:9/plain/https://evil.example.com/a.jpg", "source"), ("imgproxy", "L2", "source"),
            ("imgproxy", "rs:fill:600202:20/dpr:2/plain/a.jpg", "dpr"), ("imgproxy", "plain/local:///", "source"),
            ("imgproxy", "c:100:100/t:10/plain/a.jpg", "crop"),
            ("thumbor", "adaptive-fit-in/300x200/a.jpg", "adaptive-fit-in"), ("thumbor", "300x200/filters:sepia()/a.jpg", "sepia"),
            ("thumbor", "meta/300x200/a.jpg", "meta"), ("thumbor", "origx200/a.jpg", "size"),
            ("thumbor", "300x200/https://example.com/a.jpg", "image"),
            ("thumbor", "300x200/filters:round_corner(20|10,0,0,0)/a.jpg", "round_corner"),
        ])
    func refused(_ system: String, _ path: String, _ option: String) {
        #expect {
            if system == "imgproxy" { _ = try Self.imgproxy(path) } else { _ = try ThumborURL.request(Substring(path)) }
        } throws: { error in
            (error as? SpecError)?.parameter == option
        }
    }
}

extension String {
    /// A canonical form as a query again: its `chain=` value percent-encoded where a query needs it.
    fileprivate func replacingChain() -> String {
        split(separator: "&").map { part in
            guard part.hasPrefix("chain=") else { return String(part) }
            return "chain=" + part.dropFirst(6).addingPercentEncodingForQuery()
        }.joined(separator: "&")
    }
}

extension Substring {
    fileprivate func addingPercentEncodingForQuery() -> String {
        var text = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "="):
                text += "%" + String(byte, radix: 16, uppercase: true)
            default: text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }
}
