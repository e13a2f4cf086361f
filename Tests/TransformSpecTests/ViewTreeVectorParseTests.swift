import Layout
import LayoutVectorSupport
import Testing
import TransformSpec

/// Removes every `id(_:)` modifier: the vector builder adds them to find leaves, a person writing
/// the SwiftUI code does not.
func withoutIDs(_ node: ViewNode) -> ViewNode {
    let f = withoutIDs
    switch node {
    case .image, .shape, .spacer, .divider, .shapeView, .text, .symbol, .textField: return node
    case let .id(child, _): return f(child)
    case .button(var button):
        button.label = f(button.label)
        return .button(button)
    case .grid(let grid): return .grid(grid.mappingCells(f))
    case .label(var label):
        label.title = f(label.title)
        label.icon = f(label.icon)
        return .label(label)
    case let .aspectRatio(c, ratio, mode): return .aspectRatio(f(c), ratio: ratio, contentMode: mode)
    case let .frame(c, w, h, a): return .frame(f(c), width: w, height: h, alignment: a)
    case let .flexFrame(c, frame): return .flexFrame(f(c), frame)
    case let .overlay(c, content, a): return .overlay(f(c), content: f(content), alignment: a)
    case let .background(c, content, a): return .background(f(c), content: f(content), alignment: a)
    case let .mask(c, mask, a): return .mask(f(c), mask: f(mask), alignment: a)
    case let .border(c, paint, width): return .border(f(c), paint: paint, width: width)
    case let .clipped(c, aa): return .clipped(f(c), antialiased: aa)
    case let .hStack(a, s, children): return .hStack(alignment: a, spacing: s, children: children.map(f))
    case let .vStack(a, s, children): return .vStack(alignment: a, spacing: s, children: children.map(f))
    case let .zStack(a, children): return .zStack(alignment: a, children: children.map(f))
    case let .padding(c, insets): return .padding(f(c), insets)
    case let .layoutPriority(c, p): return .layoutPriority(f(c), p)
    case let .fixedSize(c, h, v): return .fixedSize(f(c), horizontal: h, vertical: v)
    case let .alignmentGuide(c, g): return .alignmentGuide(f(c), g)
    case let .effect(c, e): return .effect(f(c), e)
    case let .ignoresSafeArea(c): return .ignoresSafeArea(f(c))
    case let .backgroundStyle(c, paint): return .backgroundStyle(f(c), paint)
    case let .logSizes(c, label): return .logSizes(f(c), label)
    }
}

/// Every vector of `views-vectors.json` written as Swift chain text (`ViewVector.swiftChain`, stack
/// children on separate lines), parsed, compared with the tree `ViewTreeBuilder` builds, and laid out
/// to the vector's expected geometry.
@Suite("view trees: views-vectors.json through the chain parser")
struct ViewTreeVectorParseTests {
    /// Vectors that cannot be written in the chain language yet, with the reason.
    static let skipped: [String: String] = [:]

    static let runnable = ViewVector.all.filter { skipped[$0.id] == nil }

    static func parse(_ text: String) throws(SpecError) -> ViewNode {
        try TransformSpec.parseChain(text, source: "src.jpg")
    }

    @Test("exactly the recorded vectors are skipped, and those do not parse")
    func skips() {
        #expect(Self.runnable.count + Self.skipped.count == ViewVector.all.count)
        for v in ViewVector.all where Self.skipped[v.id] != nil {
            #expect(throws: SpecError.self) { try Self.parse(v.swiftChain(ids: false)) }
        }
    }

    @Test("the SwiftUI code parses to the vector's tree (ids aside)", arguments: runnable)
    func tree(_ v: ViewVector) throws {
        let text = v.swiftChain(ids: false)
        #expect(try Self.parse(text) == withoutIDs(try ViewTreeBuilder.view(v.tree)), "\(v.id):\n\(text)")
    }

    @Test("with the ids, the parsed tree is the built one and lays out as expected", arguments: runnable)
    func layout(_ v: ViewVector) throws {
        let text = v.swiftChain(ids: true)
        let parsed = try Self.parse(text)
        #expect(parsed == (try ViewTreeBuilder.view(v.tree)), "\(v.id):\n\(text)")
        let problems = mismatches(actual: try v.plan(of: parsed), expected: v.normalisedExpected)
        #expect(problems.isEmpty, "\(v.id): \(problems.joined(separator: "; "))")
    }

    @Test("through the URL: `%0A` line breaks decode and separate children", arguments: ["hstack-three-colors-equal", "signin-zstack"])
    func percentEncoded(_ id: String) throws {
        let v = try #require(ViewVector.all.first { $0.id == id })
        let text = v.swiftChain(ids: false)
        var encoded = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": encoded += "%0A"
            case " ": encoded += "%20"
            case "&", "%", "+", "#", "=": encoded += "%" + String(scalar.value, radix: 16, uppercase: true)
            default: encoded.unicodeScalars.append(scalar)
            }
        }
        #expect(encoded.contains("%0A"))
        let spec = try TransformSpec.parse(source: "src.jpg", query: "chain=" + encoded)
        #expect(spec.view == withoutIDs(try ViewTreeBuilder.view(v.tree)))
    }
}
