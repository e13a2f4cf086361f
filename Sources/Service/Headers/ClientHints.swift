import CheckedConversion
import HTTP1
import Layout
import Synchronization
import TransformSpec

/// HTTP Client Hints (RFC 8942) and `Save-Data`, when `client_hints` is on: `Sec-CH-DPR` (or the
/// older `DPR`) is `ImageRenderer.scale` when the URL sets no `scale`/`dpr`; `Sec-CH-Width` (or
/// `Width`), the slot's width in device pixels, is the proposed width (`pw`) in points, that width
/// divided by the scale, when the URL sets no `pw` and no `w`; `Save-Data: on` lowers every format's
/// quality by `saveDataStep`. The hints change the spec itself, so they are in its canonical form, its
/// cache key and its ETag, and the answer's `Vary` names each hint that can change it.
/// A class: the requests it has printed are kept, shared by every event loop.
final class ClientHints: Sendable {
    /// Default `saveDataStep`: quality 80 becomes 60, about 40 % fewer bytes on the sample photos.
    static let defaultSaveDataStep = 20
    /// The lowest quality `Save-Data` lowers to.
    static let lowestQuality = 10
    /// What every answer asks browsers to send (`Accept-CH`, RFC 8942 §3.1).
    static let acceptCH = "Sec-CH-DPR, Sec-CH-Width"

    /// How much `Save-Data: on` lowers quality; 0: `Save-Data` changes nothing.
    let saveDataStep: Int
    /// The largest scale a URL may ask for (`limits.scale`): a larger DPR is brought down to it.
    let maxScale: Double
    /// The widest proposal a hint may make, in device pixels (`limits.output_side`).
    let maxWidth: Int
    /// Requests with hints, by their URL's spec and the hints' values: each is printed once.
    private let memo = Mutex<[Key: ImageRequest]>([:])

    init(saveDataStep: Int = ClientHints.defaultSaveDataStep, maxScale: Double, maxWidth: Int) {
        self.saveDataStep = saveDataStep
        self.maxScale = maxScale
        self.maxWidth = maxWidth
    }

    /// Which settings of a URL the hints may fill: those the URL leaves to them.
    struct Openings: Sendable, Hashable {
        /// No `scale`/`dpr`: a DPR hint sets the scale.
        var scale: Bool
        /// No `pw` and no `w`: a width hint sets the proposed width.
        var width: Bool

        /// A URL whose every setting is its own.
        static let none = Openings(scale: false, width: false)

        /// What an `/img` query with `keys` leaves open.
        static func image(keys: some Sequence<String>) -> Openings {
            let keys = Set(keys)
            return Openings(scale: !keys.contains("scale") && !keys.contains("dpr"), width: !keys.contains("pw") && !keys.contains("w"))
        }

        /// What a `/view` query with `keys` leaves open (a template's own `w` is not a frame's width).
        static func view(keys: some Sequence<String>) -> Openings {
            let keys = Set(keys)
            return Openings(scale: !keys.contains("scale") && !keys.contains("dpr"), width: !keys.contains("pw"))
        }
    }

    private struct Key: Hashable {
        let canonical: ByteKey
        let scale: Double?
        let width: Int?
        let saveData: Bool
    }

    /// The header names an answer to `request` varies on because of hints, in `Vary`'s order.
    func vary(_ request: ImageRequest) -> [String] {
        var names: [String] = []
        if request.openings.scale { names += ["Sec-CH-DPR", "DPR"] }
        if request.openings.width { names += ["Sec-CH-Width", "Width"] }
        if saveDataStep > 0, request.spec.format.fixedFormat?.usesQuality ?? true { names.append("Save-Data") }
        return names
    }

    /// `request` with the hints of `headers` applied: itself when they change nothing.
    func applied(to request: ImageRequest, headers: HTTPHeaders) -> ImageRequest {
        let scale = request.openings.scale ? dpr(headers) : nil
        let width = request.openings.width ? slotWidth(headers) : nil
        let saveData = saveDataStep > 0 && headers["Save-Data"].map(Self.isOn) == true
        guard scale != nil || width != nil || saveData else { return request }
        let key = Key(canonical: request.canonicalKey, scale: scale, width: width, saveData: saveData)
        if let known = memo.withLock({ $0[key] }) { return known }
        var spec = request.spec
        if let scale { spec.scale = scale }
        if let width { spec.proposal.width = Double(width) / spec.scale }
        if saveData { spec.quality = lowered(spec.quality) }
        let hinted = ImageRequest(spec: spec, imageParameters: request.imageParameters, openings: request.openings, template: request.template)
        memo.withLock { memo in
            if memo.count >= Limits.specMemoEntries { memo.removeAll(keepingCapacity: true) }
            memo[key] = hinted
        }
        return hinted
    }

    /// `Sec-CH-DPR`, else `DPR`: a number > 0 (RFC 8941 decimal), to two decimals, within 1…`maxScale`
    /// (an image is never drawn at fewer pixels than points). Unreadable: no hint.
    func dpr(_ headers: HTTPHeaders) -> Double? {
        guard let text = headers["Sec-CH-DPR"] ?? headers["DPR"], let value = Double(text.trimmed), value.isFinite, value > 0 else { return nil }
        return min(max((value * 100).rounded() / 100, 1), maxScale)
    }

    /// `Sec-CH-Width`, else `Width`: whole device pixels, 1…`maxWidth`. Unreadable: no hint.
    func slotWidth(_ headers: HTTPHeaders) -> Int? {
        guard let text = headers["Sec-CH-Width"] ?? headers["Width"], let value = Int(text.trimmed), value > 0 else { return nil }
        return min(value, maxWidth)
    }

    /// `Save-Data: on` (its one defined token; compared without case, RFC 9110 §5.6.2 tokens).
    static func isOn(_ text: String) -> Bool {
        text.trimmed.lowercased() == "on"
    }

    /// Each format's quality lowered by `saveDataStep`, to `lowestQuality` at least.
    func lowered(_ quality: EncoderQuality) -> EncoderQuality {
        var perFormat: [ImageFormat: Int] = [:]
        for format in ImageFormat.allCases where format.usesQuality {
            perFormat[format] = max(quality.value(for: format) - saveDataStep, Self.lowestQuality)
        }
        return EncoderQuality(perFormat: perFormat)
    }
}

extension String {
    /// Without the spaces and tabs a header value may have around it.
    fileprivate var trimmed: Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
