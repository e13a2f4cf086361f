import Glibc
import Layout

/// Text this thread has laid out, kept for the next time the same Text is asked for at the same
/// proposal: a render measures a Text, counts its glyphs and draws it at the proposal it was placed
/// with, and a template's fixed texts (a subtitle, a label) come back render after render. Pango's
/// itemising, shaping and line breaking run once instead of each time.
///
/// Per thread, as Pango's font map is (`FontMap`), so a layout is only ever used by the thread that
/// made it; keyed by the font map's generation, so brand fonts loaded since make new layouts.
/// Bounded: at `capacity` layouts it starts over, and text longer than `longestText` is not kept.
final class TextLayoutCache {
    /// Layouts kept per thread.
    static let capacity = 64
    /// Characters beyond which a Text's layout is not kept (its shaped runs grow with it).
    static let longestText = 512

    private struct Key: Hashable {
        let text: TextView
        let proposal: ProposedSize
    }

    private var layouts: [Key: PangoTextLayout] = [:]
    private var generation = 0

    /// `text` laid out for `proposal` (`PangoTextLayout.init`), made or kept by this thread.
    static func layout(_ text: TextView, proposal: ProposedSize) -> PangoTextLayout {
        current.layout(text, proposal: proposal)
    }

    private func layout(_ text: TextView, proposal: ProposedSize) -> PangoTextLayout {
        let wanted = FontMap.generation.load(ordering: .acquiring)
        if wanted != generation {
            layouts.removeAll()
            generation = wanted
        }
        guard text.runs.reduce(0, { $0 + $1.string.utf8.count }) <= Self.longestText else { return PangoTextLayout(text, proposal: proposal) }
        let key = Key(text: text, proposal: proposal)
        if let known = layouts[key] { return known }
        let made = PangoTextLayout(text, proposal: proposal)
        if layouts.count >= Self.capacity { layouts.removeAll(keepingCapacity: true) }
        layouts[key] = made
        return made
    }

    /// The calling thread's cache, made on first use and released when the thread ends.
    private static var current: TextLayoutCache {
        if let stored = pthread_getspecific(threadKey) { return Unmanaged<TextLayoutCache>.fromOpaque(stored).takeUnretainedValue() }
        let made = TextLayoutCache()
        pthread_setspecific(threadKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            if let stored { Unmanaged<TextLayoutCache>.fromOpaque(stored).release() }
        }
        return key
    }()
}
