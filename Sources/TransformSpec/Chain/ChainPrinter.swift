import Layout

/// Prints a `ViewNode` back as a chain in canonical Swift syntax: no whitespace, default arguments
/// left out, values normalised. Parsing the output gives the same `ViewNode`. The printed text is
/// the cache key, so every value has exactly one spelling:
///
/// - containers: `HStack(alignment:.top,spacing:8){A;B}`, `VStack{…}`, `ZStack(alignment:.topLeading){…}`;
///   children are separated by `;`; `alignment:` is left out when `.center`, `spacing:` when `nil`.
/// - `Spacer()`, `Spacer(minLength:20)`; `Text("Hi")` plus `.font(.title)` or `.font(.system(size:20))`
///   unless the font is `.body`.
/// - shapes name their paint unless they draw in the foreground style: `Circle().fill(Color.red)`,
///   `Circle()`, `Rectangle().stroke(Color.black,lineWidth:2)`, `Rectangle().stroke(lineWidth:2)`,
///   `RoundedRectangle(cornerRadius:12,style:.circular).strokeBorder(Color.blue)` (lineWidth 1 and style
///   `.continuous` left out; unequal corners as `cornerSize:CGSize(width:…,height:…)`), `Capsule(style:.circular)`.
///   A bare `Color`/gradient leaf (`.shape`) prints as the colour itself.
/// - `.padding(8)` when all four insets are equal, else `.padding(EdgeInsets(top:…,leading:…,bottom:…,trailing:…))`.
/// - `.layoutPriority(1)`, `.fixedSize()` / `.fixedSize(horizontal:true,vertical:false)`, `.ignoresSafeArea()`, `.id("row")`.
/// - `.alignmentGuide(.leading){_ in 20}` (constant) or `.alignmentGuide(.top){d in d.height*0.5}`
///   (fraction; `d.width` for horizontal guides); `.center` is written `HorizontalAlignment.center` or
///   `VerticalAlignment.center`.
/// - effects: `.offset(x:20,y:10)`, `.opacity(0.5)`, `.shadow(color:Color.mint,radius:5,x:3,y:4)` (default
///   colour and zero offsets left out), `.clipShape(Circle())` (also what `cornerRadius(r)` becomes:
///   `.clipShape(RoundedRectangle(cornerRadius:r))`), `.blur(radius:3[,opaque:true])`, `.brightness(…)`,
///   `.contrast(…)`, `.saturation(…)`, `.grayscale(…)`, `.colorInvert()`, `.hueRotation(.degrees(90))`,
///   `.colorMultiply(Color.red)`, `.sharpened(0.8)` (ours), `.rotationEffect(.degrees(90)[,anchor:.topLeading])`,
///   `.scaleEffect(2[,anchor:…])` (equal factors; `scaleEffect(CGSize(…))` and unequal ones as
///   `.scaleEffect(x:2,y:0.5)`), `.blendMode(.multiply)`, `.zIndex(1)`.
/// - `.mask{Circle()}`, `.mask(alignment:.top){…}`: also what the deprecated `mask(view)` becomes.
/// - controls: `Button(action:{},label:{…})` then `.buttonStyle(.…)`, `.tint(…)` when set;
///   `TextField("…",text:.constant("…"))` then `.textFieldStyle(.…)` and its text styling
///   (`ChainPrinter+Controls.swift`).
/// - `.background(Color.blue)` (no closure) is the style form, `background(_:ignoresSafeAreaEdges:)`;
///   `.background{…}` is the view form.
///
/// One known overlap: `.opacity(x)` directly on a bare `Color` leaf prints like the faded colour
/// `Color.red.opacity(x)`, which the chain builder folds into the colour; both draw the same pixels.
struct ChainPrinter {
    /// How the request's own image is named in the output.
    let source: String

    func print(_ node: ViewNode) -> String {
        switch node {
        case .image(let image):
            return imageLeaf(image)
        case .shape(let paint):
            return paintText(paint)
        case let .aspectRatio(child, ratio, mode):
            let ratioText = ratio.map { number($0) + "," } ?? ""
            return print(child) + ".aspectRatio(\(ratioText)contentMode:.\(mode.rawValue))"
        case let .frame(child, width, height, alignment):
            let args = [("width", width), ("height", height)].compactMap { label, value in value.map { "\(label):\(number($0))" } }
            return print(child) + ".frame(\((args + alignmentArgument(alignment)).joined(separator: ",")))"
        case let .flexFrame(child, frame):
            var args: [String] = []
            for (axis, name) in [(frame.width, "Width"), (frame.height, "Height")] {
                for (label, value) in [("min", axis.min), ("ideal", axis.ideal), ("max", axis.max)] {
                    if let value { args.append("\(label)\(name):\(number(value))") }
                }
            }
            return print(child) + ".frame(\((args + alignmentArgument(frame.alignment)).joined(separator: ",")))"
        case let .overlay(child, content, alignment):
            return print(child) + ".overlay\(layerAlignment(alignment)){\(print(content))}"
        case let .background(child, content, alignment):
            return print(child) + ".background\(layerAlignment(alignment)){\(print(content))}"
        case let .mask(child, mask, alignment):
            return print(child) + ".mask\(layerAlignment(alignment)){\(print(mask))}"
        case let .border(child, paint, width):
            return print(child) + ".border(\(paintText(paint))\(width == 1 ? "" : ",width:\(number(width))"))"
        case let .clipped(child, antialiased):
            return print(child) + (antialiased ? ".clipped(antialiased:true)" : ".clipped()")
        default:
            return printView(node)
        }
    }

    private func imageLeaf(_ image: ImageView) -> String {
        var text = "Image(\(quoted(image.ref.name(primary: source))))"
        if let resizing = image.resizing {
            var args: [String] = []
            if !resizing.capInsets.isZero {
                let c = resizing.capInsets
                args.append(
                    "capInsets:EdgeInsets(top:\(number(c.top)),leading:\(number(c.leading)),bottom:\(number(c.bottom)),trailing:\(number(c.trailing)))"
                )
            }
            if resizing.mode != .stretch { args.append("resizingMode:.\(resizing.mode.rawValue)") }
            text += ".resizable(\(args.joined(separator: ",")))"
        }
        if image.interpolation != .low { text += ".interpolation(.\(image.interpolation.rawValue))" }
        if !image.enlarges { text += ".enlarging(false)" }
        if let trim = image.trim {
            var args: [String] = []
            if trim.threshold != ImageTrim.defaultThreshold { args.append("threshold:\(number(trim.threshold))") }
            if let color = trim.color { args.append("color:\(paintText(.color(color)))") }
            text += ".trim(\(args.joined(separator: ",")))"
        }
        if let crop = image.crop {
            var args: [String] = []
            if let origin = crop.origin { args += ["x:\(number(origin.x))", "y:\(number(origin.y))"] }
            args += ["width:\(number(crop.width))", "height:\(number(crop.height))"]
            if crop.origin == nil, crop.alignment != .center { args.append("alignment:.\(crop.alignment.rawValue)") }
            text += ".crop(\(args.joined(separator: ",")))"
        }
        switch image.focus {
        case nil: break
        case .content(let strategy): text += ".focus(.\(strategy.rawValue))"
        case let .point(x, y): text += ".focus(x:\(number(x)),y:\(number(y)))"
        case let .pixel(x, y): text += ".focus(pixelX:\(number(x)),pixelY:\(number(y)))"
        }
        return text
    }

    func paintText(_ paint: Paint) -> String {
        switch paint {
        case .color(let color):
            return colorText(color)
        case .linearGradient(let g):
            return "LinearGradient(colors:[\(g.colors.map(colorText).joined(separator: ","))],"
                + "startPoint:\(unitPoint(g.startPoint)),endPoint:\(unitPoint(g.endPoint)))"
        case .radialGradient(let g):
            return "RadialGradient(colors:[\(g.colors.map(colorText).joined(separator: ","))],"
                + "center:\(unitPoint(g.center)),startRadius:\(number(g.startRadius)),endRadius:\(number(g.endRadius)))"
        case .ellipticalGradient(let g):
            return "EllipticalGradient(colors:[\(g.colors.map(colorText).joined(separator: ","))],"
                + "center:\(unitPoint(g.center)),startRadiusFraction:\(number(g.startRadiusFraction)),endRadiusFraction:\(number(g.endRadiusFraction)))"
        case .angularGradient(let g):
            return "AngularGradient(colors:[\(g.colors.map(colorText).joined(separator: ","))],"
                + "center:\(unitPoint(g.center)),startAngle:.degrees(\(number(g.startAngle))),endAngle:.degrees(\(number(g.endAngle))))"
        }
    }

    /// `Color.red` for named colours, `Color(hex:"#rrggbb[aa]")` when 8-bit exact, else components.
    private func colorText(_ color: RGBAColor) -> String {
        if let name = NamedColors.name(of: color) { return "Color.\(name)" }
        if color.isByteExact { return "Color(hex:\(quoted(color.hexString(alphaWhenOpaque: false))))" }
        let opacity = color.opacity == 1 ? "" : ",opacity:\(number(color.opacity))"
        return "Color(red:\(number(color.red)),green:\(number(color.green)),blue:\(number(color.blue))\(opacity))"
    }

    func unitPoint(_ point: UnitPoint) -> String {
        point.name.map { ".\($0)" } ?? "UnitPoint(x:\(number(point.x)),y:\(number(point.y)))"
    }

    private func alignmentArgument(_ alignment: Alignment) -> [String] {
        alignment == .center ? [] : ["alignment:.\(alignment.rawValue)"]
    }

    private func layerAlignment(_ alignment: Alignment) -> String {
        alignment == .center ? "" : "(alignment:.\(alignment.rawValue))"
    }

    func number(_ value: Double) -> String {
        NumberText.format(value)
    }

    /// A Swift string literal: `\\`, `\"`, newline and tab escaped.
    func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
