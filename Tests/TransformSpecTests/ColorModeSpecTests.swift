import Testing
import TransformSpec

@Suite("colormode")
struct ColorModeSpecTests {
    private func spec(_ query: String) throws -> TransformSpec {
        try TransformSpec.parse(source: "a.jpg", query: query)
    }

    @Test("nonLinear is the default, and leaves the canonical form as it was")
    func defaultOmitted() throws {
        let plain = try spec("w=300")
        #expect(plain.colorMode == .nonLinear)
        #expect(try spec("w=300&colormode=nonLinear").canonicalForm == plain.canonicalForm)
        #expect(!plain.canonicalForm.contains("colormode"))
    }

    /// `CanonicalFormTests` also checks that these forms differ from every other request and parse back.
    @Test("each mode has its own canonical form")
    func distinctForms() throws {
        let forms = try ["nonLinear", "linear", "extendedLinear"].map { try spec("w=300&colormode=\($0)").canonicalForm }
        #expect(Set(forms).count == 3)
        #expect(forms[1].hasSuffix("&colormode=linear"))
    }

    @Test("extendedLinear: fmt=auto becomes png, fmt=png is the same request")
    func extendedLinearIsPNG() throws {
        let auto = try spec("w=300&colormode=extendedLinear")
        #expect(auto.format == .fixed(.png))
        #expect(auto.canonicalForm == (try spec("colormode=extendedLinear&fmt=png&w=300")).canonicalForm)
        #expect(auto.canonicalForm.hasSuffix("&fmt=png&colormode=extendedLinear"))
    }

    @Test("extendedLinear with an 8-bit format is refused", arguments: ["jpeg", "jpg", "webp", "avif", "gif"])
    func extendedLinearNeedsPNG(_ format: String) throws {
        #expect {
            try spec("colormode=extendedLinear&fmt=\(format)")
        } throws: { error in
            guard let error = error as? SpecError, case .conflict(let param, let message) = error else { return false }
            return param == "colormode" && message.contains("needs fmt=png")
        }
    }

    @Test("a PDF takes no colour mode but the default: its viewer composites it", arguments: ["linear", "extendedLinear"])
    func notForPDF(_ mode: String) throws {
        #expect(try spec("colormode=nonLinear&fmt=pdf").format == .fixed(.pdf))
        #expect {
            try spec("colormode=\(mode)&fmt=pdf")
        } throws: { error in
            guard let error = error as? SpecError, case .conflict(let param, _) = error else { return false }
            return param == "colormode"
        }
    }

    @Test("linear works with every bitmap format", arguments: ["jpeg", "png", "webp"])
    func linearAnyFormat(_ format: String) throws {
        #expect(try spec("colormode=linear&fmt=\(format)").colorMode == .linear)
    }

    @Test(
        "case names are exact; near misses say what they probably meant",
        arguments: [
            ("linear-light", "linear"), ("Linear", "linear"), ("LINEAR", "linear"), ("linearLight", "linear"),
            ("nonlinear", "nonLinear"), ("non-linear", "nonLinear"), ("extended", "extendedLinear"), ("extended_linear", "extendedLinear"),
        ])
    func nearMiss(_ typed: String, _ meant: String) throws {
        #expect {
            try spec("colormode=\(typed)")
        } throws: { error in
            guard let error = error as? SpecError else { return false }
            return error.parameter == "colormode" && error.description.contains("did you mean `\(meant)`?")
        }
    }

    @Test("an unrelated value lists the cases without a guess")
    func unrelated() throws {
        #expect {
            try spec("colormode=srgb")
        } throws: { error in
            let text = "\(error)"
            return text.contains("`nonLinear`, `linear`, `extendedLinear`") && !text.contains("did you mean")
        }
    }

    @Test("a view template takes colormode as a renderer option")
    func templateOption() throws {
        #expect(QueryParameters.rendererOptions.contains("colormode"))
        let template = try ViewTemplate(name: "t", text: #"Text("\(name)")"#, limits: SpecLimits())
        let spec = try template.spec(query: "name=Ana&colormode=linear", limits: SpecLimits())
        #expect(spec.colorMode == .linear && spec.canonicalForm.hasSuffix("&colormode=linear"))
    }
}
