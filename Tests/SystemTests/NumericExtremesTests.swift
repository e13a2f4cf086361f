import Foundation
import HTTPTestSupport
import Layout
import Testing

@testable import TransformSpec

/// Every number a request can carry, at every extreme a number can take, against the real binary:
/// each answer is a 2xx or a 4xx and the process lives. The extremes are the `extreme_*` entries
/// of the render fuzzer's dictionary (`Fuzz/render.dict`), so the fuzzer and this test try the same
/// values. The query side enumerates the parser's own table of parameters
/// (`QueryParameters.known`, and `/info`'s `PlaceholderSet.parameters`); the chain side substitutes each extreme for every number literal of
/// a sample chain per view and modifier, and fails when the parser's table of modifiers
/// (`ChainBuilder.modifiers`) names one without a sample, so a new modifier cannot go untried.
@Suite("numeric extremes", .serialized)
struct NumericExtremesTests {
    /// The extremes, in request syntax (chain spellings such as `.nan` are plain invalid text in a
    /// query, which is fine: they must be refused there too).
    static let extremes: [String] = {
        let dictionary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/render.dict")
        let text = (try? String(contentsOf: dictionary, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("extreme_"), let start = line.firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: start)..<line.index(before: line.endIndex)])
        }
    }()

    /// One chain per view and modifier, every numeric argument spelled out (a number in each
    /// optional numeric label too), small enough to render in a few milliseconds.
    static let samples = [
        #"Image("dot_green").resizable(capInsets:EdgeInsets(top:1,leading:2,bottom:1,trailing:2),resizingMode:.tile).interpolation(.high).frame(width:20,height:20)"#,
        #"Image("dot_green").resizable().focus(x:0.25,y:1).trim(threshold:10).enlarging(false).aspectRatio(2,contentMode:.fill).frame(width:20,height:20)"#,
        #"Image("dot_green").resizable().aspectRatio(1.5,contentMode:.fit).frame(width:20,height:20)"#,
        #"Image("dot_green").resizable().crop(x:2,y:3,width:20,height:0.5).focus(pixelX:4,pixelY:5).scaledToFill().frame(width:10,height:10).clipped()"#,
        #"Image("dot_green").resizable().aspectRatio(CGSize(width:4,height:3),contentMode:.fill).frame(width:20,height:20).clipped(antialiased:true)"#,
        #"Image("dot_green").resizable().scaledToFit().frame(width:20,height:10)"#,
        #"Image("dot_green").resizable().scaledToFill().framedAspectRatio(2,contentMode:.fill).frame(width:20)"#,
        #"Color.red.frame(minWidth:1,idealWidth:2,maxWidth:30,minHeight:1,idealHeight:2,maxHeight:30,alignment:.top)"#,
        #"Color.red.frame(width:10,height:10).overlay(alignment:.center){Color.blue.frame(width:5,height:5)}.background(Color(red:0.5,green:0.25,blue:1,opacity:0.5))"#,
        #"Color(white:0.5,opacity:0.5).opacity(0.5).frame(width:10,height:10).border(Color.blue,width:2).opacity(0.5)"#,
        #"Color.red.frame(width:10,height:10).padding(3).padding(.horizontal,4).padding(EdgeInsets(top:1,leading:2,bottom:3,trailing:4))"#,
        #"HStack(alignment:.top,spacing:2){Color.red.frame(width:5,height:5).alignmentGuide(.top){_ in 3}.layoutPriority(1);Color.blue.frame(width:5,height:5).alignmentGuide(.top){d in d.height*0.5}}"#,
        #"VStack(spacing:1){Spacer(minLength:5);ZStack{Color.red}.frame(width:6,height:6)}.frame(width:10,height:20)"#,
        #"Color.red.frame(width:10,height:10).offset(x:2,y:3).shadow(color:.black,radius:2,x:1,y:1).blur(radius:2,opaque:false)"#,
        #"Color.red.frame(width:10,height:10).cornerRadius(3).clipShape(RoundedRectangle(cornerSize:CGSize(width:2,height:3)))"#,
        #"Color.red.frame(width:10,height:10).brightness(0.2).contrast(1.5).saturation(0.5).grayscale(0.5).hueRotation(.degrees(90))"#,
        #"Color.red.frame(width:10,height:10).colorInvert().colorMultiply(.red).ignoresSafeArea().id("a").logSizes("a")"#,
        #"Image("dot_green").resizable().frame(width:20,height:20).sharpened(1)"#,
        #"LinearGradient(colors:[.red,.blue],startPoint:UnitPoint(x:0.25,y:0),endPoint:UnitPoint(x:1,y:0.75)).frame(width:10,height:10)"#,
        #"Circle().stroke(.red,lineWidth:2).frame(width:10,height:10)"#,
        #"RoundedRectangle(cornerRadius:3).strokeBorder(.red,lineWidth:2).frame(width:10,height:10)"#,
        #"Capsule().fill(.blue).frame(width:12,height:6).background{Ellipse().fill(.red)}.overlay{Rectangle().stroke(.green)}"#,
        #"Text("hi").font(.system(size:12,weight:.bold)).kerning(1).tracking(1).fixedSize(horizontal:true,vertical:false).frame(width:30,height:20)"#,
        #"Text("hi there").font(.title).foregroundStyle(.red).foregroundColor(.blue).bold().italic().fontWeight(.bold).fontDesign(.serif)"#,
        #"Text("hi there all").lineLimit(2,reservesSpace:true).lineLimit(3).multilineTextAlignment(.center).truncationMode(.tail).minimumScaleFactor(0.5).frame(width:30,height:20)"#,
        #"Image(systemName:"star").imageScale(.large).font(.system(size:20)).frame(width:20,height:20)"#,
        #"Image(systemName:"star").resizable().frame(width:20,height:20)"#,
        #"VStack{TextField("a",text:$a).textFieldStyle(.roundedBorder).frame(width:40);Button("b"){}.buttonStyle(.bordered).tint(Color(white:0.5))}"#,
        #"Label("a",systemImage:"star").labelStyle(.titleAndIcon).frame(width:40,height:20)"#,
        #"ZStack{Color.red.frame(width:10,height:10).rotationEffect(.degrees(30),anchor:.topLeading).scaleEffect(x:1.5,y:0.5).zIndex(1);Color.blue.blendMode(.multiply).mask(alignment:.center){Circle()}}"#,
        #"Grid(horizontalSpacing:2,verticalSpacing:3){GridRow{Color.red.frame(width:5,height:5).gridCellColumns(2);Color.clear.gridCellUnsizedAxes([.horizontal,.vertical])};Divider().gridCellUnsizedAxes(.horizontal)}"#,
        #"Text("hi").baselineOffset(2).lineSpacing(3).strikethrough().underline(true,color:.red).textCase(.uppercase).frame(width:30,height:20)"#,
    ]

    /// Values of the parameters whose value holds several numbers, each with the one `X` stands for.
    static let composite: [String: [String]] = [
        "insets": ["X", "0,0,0,X"], "ratio": ["X", "X:1", "1:X"], "border": ["red,X"], "page": ["Xx100", "100xX"], "png": ["palette:X"],
        "blurhash": ["X", "Xx3", "4xX"],
    ]
    /// Parameters that need another to mean anything.
    static let companions: [String: String] = [
        "page": "&fmt=pdf", "insets": "&w=20&h=20&mode=fill", "dither": "&png=palette", "lqipbytes": "&lqip=webp",
    ]

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }

    /// The positions of the number literals in `chain`, outside string literals.
    static func numberRanges(_ chain: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var inString = false
        var index = chain.startIndex
        while index < chain.endIndex {
            let c = chain[index]
            if c == "\"" { inString.toggle() }
            let previous = index > chain.startIndex ? chain[chain.index(before: index)] : " "
            if !inString, c.isNumber, !(previous.isLetter || previous.isNumber || previous == "." || previous == "_") {
                var end = index
                while end < chain.endIndex, chain[end].isNumber || chain[end] == "." { end = chain.index(after: end) }
                ranges.append(index..<end)
                index = end
                continue
            }
            index = chain.index(after: index)
        }
        return ranges
    }

    @Test("every modifier of the parser's table has a sample, and every sample renders")
    func samplesCoverTheGrammar() throws {
        let names = Set(
            Self.samples.flatMap { sample in
                sample.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            })
        let missing = ChainBuilder.modifiers.filter { !names.contains($0) }
        #expect(missing.isEmpty, "modifiers without a sample: \(missing)")
        #expect(Self.extremes.count >= 20)
        for sample in Self.samples {
            #expect(throws: Never.self, "\(sample)") { try TransformSpec.parse(source: "dot_green.png", query: "chain=" + Self.encoded(sample)) }
        }
    }

    @Test("each extreme in each number of every chain and query parameter: 2xx or 4xx, and the process lives")
    func extremesNeverStopTheServer() throws {
        let server = try ServeProcess()
        _ = try server.waitUntilListening()
        var targets: [String] = []
        for sample in Self.samples {
            for range in Self.numberRanges(sample) {
                for value in Self.extremes {
                    var chain = sample
                    chain.replaceSubrange(range, with: value)
                    targets.append("/img/dot_green.png?fmt=png&chain=" + Self.encoded(chain))
                }
            }
        }
        for key in QueryParameters.known where key != "chain" {
            for form in Self.composite[key] ?? ["X"] {
                for value in Self.extremes {
                    let written = form.replacingOccurrences(of: "X", with: value)
                    targets.append("/img/dot_green.png?fmt=png&\(key)=\(Self.encoded(written))\(Self.companions[key] ?? "")")
                }
            }
        }
        // `/info`'s placeholder parameters, on a render of the same source.
        for key in PlaceholderSet.parameters {
            for form in Self.composite[key] ?? ["X"] {
                for value in Self.extremes {
                    let written = form.replacingOccurrences(of: "X", with: value)
                    targets.append("/info/dot_green.png?w=20&\(key)=\(Self.encoded(written))\(Self.companions[key] ?? "")")
                }
            }
        }
        var unexpected: [String] = []
        for target in targets {
            let status = try? {
                let client = try RawClient(port: server.port, timeout: 30)
                try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                return try client.readResponse().status
            }()
            if status == nil {
                // No answer: a stopped process (bounded wait for it to be reaped), or a 5xx-like failure.
                let deadline = Date().addingTimeInterval(1)
                while server.process.isRunning && Date() < deadline { usleep(10_000) }
                if !server.process.isRunning {
                    Issue.record("the server stopped at \(target)\n\(server.log.suffix(1500))")
                    return
                }
            }
            if let status, (200..<300).contains(status) || (400..<500).contains(status) { continue }
            unexpected.append("\(status ?? 0) \(target)")
        }
        #expect(
            unexpected.isEmpty,
            "\(unexpected.count) of \(targets.count) answered neither 2xx nor 4xx:\n\(unexpected.prefix(20).joined(separator: "\n"))")
        let health = try RawClient(port: server.port)
        try health.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try health.readResponse().status == 200)
        #expect(server.process.isRunning)
    }

    /// The one-request crashes found by an adversarial pass, verbatim: each once stopped the process.
    static let findings = [
        "/img/dot_green.png?fmt=png&chain=Color.red.frame(width:10,height:10).blur(radius:1e308)",
        "/img/dot_green.png?fmt=png&chain=Color.red.frame(width:10,height:10).blur(radius:1e19)",
        #"/img/dot_green.png?fmt=png&chain=Text("hello").shadow(radius:1e19)"#,
        #"/img/dot_green.png?fmt=png&chain=Text("hello").shadow(radius:1,x:1e19,y:1e19)"#,
        #"/img/dot_green.png?fmt=pdf&chain=Text("hello").shadow(radius:1,x:1e19,y:1e19)"#,
        #"/img/dot_green.png?fmt=png&chain=Text("hi").frame(height:1e300)"#,
        #"/img/dot_green.png?fmt=png&chain=VStack{Text("hi")}.frame(width:50,height:1e12).frame(width:100,height:100).clipped()"#,
        #"/img/dot_green.png?fmt=png&chain=Text("hi").font(.system(size:1e-320)).frame(width:100,height:100)"#,
        "/img/dot_green.png?fmt=png&chain=Circle().stroke(.red,lineWidth:1e19).frame(width:10,height:10)",
        "/img/dot_green.png?insets=1e19&fmt=png",
    ]

    @Test("the crashes an adversarial pass found are 400s naming the parameter", arguments: findings)
    func finding(_ target: String) throws {
        let (path, query) = target.split(separator: "?", maxSplits: 1).map(String.init).pair
        let encodedQuery = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return parts[0] + "=" + Self.encoded(parts[1])
        }.joined(separator: "&")
        let server = try ServeProcess()
        _ = try server.waitUntilListening()
        let client = try RawClient(port: server.port, timeout: 30)
        try client.send("GET \(path)?\(encodedQuery) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400, "\(target): \(response.status) \(response.text)")
        #expect(response.text.contains(query.hasPrefix("insets") ? "insets" : "chain"))
        #expect(server.process.isRunning)
    }
}

extension Array {
    fileprivate var pair: (Element, Element) { (self[0], self[1]) }
}
