/// Bounds on what a request may ask for, checked while parsing so that hostile input costs little.
/// The defaults, stated once in `init` and the field initialisers, suit URLs written by people; the
/// service's settings (`limits.*`) start from `SpecLimits.default`.
public struct SpecLimits: Sendable, Hashable {
    /// Every bound at its default.
    public static let `default` = SpecLimits()

    /// Longest accepted `chain` text, in characters. Default 2048.
    public var maxChainLength: Int
    /// Most modifiers in one request, counting those inside overlay/background content. Default 48.
    public var maxModifiers: Int
    /// Deepest nesting of overlay/background content closures (stack bodies count toward `maxDepth`).
    /// Default 4.
    public var maxNesting: Int
    /// Most image leaves (the source plus overlays/backgrounds) in one request. Default 8.
    public var maxImages: Int
    /// Largest `ImageRenderer.scale` (`scale`/`dpr`). Default 4.
    public var maxScale: Double
    /// Longest image name (`overlay=`, `Image("…")`) and view id, bytes. Default 1024.
    public var maxNameLength: Int
    /// Deepest nesting of view bodies: stack children (`HStack { … }`) and overlay/background
    /// content both count one level. Bounds the parser's and the layout engine's recursion. Default 16.
    public var maxDepth: Int
    /// Most children in one `HStack`/`VStack`/`ZStack`. Default 64.
    public var maxChildren: Int
    /// Most views and modifiers in one request (each leaf, container and modifier counts one; a
    /// chain without a leaf counts its implicit image). Default 256.
    public var maxNodes: Int

    public init(
        maxChainLength: Int = 2048, maxModifiers: Int = 48, maxNesting: Int = 4, maxImages: Int = 8, maxScale: Double = 4,
        maxNameLength: Int = 1024, maxDepth: Int = 16, maxChildren: Int = 64, maxNodes: Int = 256
    ) {
        self.maxChainLength = maxChainLength
        self.maxModifiers = maxModifiers
        self.maxNesting = maxNesting
        self.maxImages = maxImages
        self.maxScale = maxScale
        self.maxNameLength = maxNameLength
        self.maxDepth = maxDepth
        self.maxChildren = maxChildren
        self.maxNodes = maxNodes
    }

    /// Largest blur radius (`blur=`), points: the Gaussian's cost grows with it, and at 4× scale
    /// 100 points is already a 400-pixel σ.
    public var maxBlurRadius: Double = 100

    /// Longest side of a PDF page (`page=`), points: 14 400 is the largest page PDF readers must
    /// support (ISO 32000-1, Annex C), 200 inches.
    public var maxPageSide: Double = 14_400

    /// Largest byte budget (`maxbytes=`): 100 MiB, beyond any response the output limits allow; a
    /// larger budget would only be one that never applies.
    public var maxByteBudget = 100 * 1024 * 1024

    /// Largest `lineLimit(_:)`: more lines than any canvas the render limits allow can show.
    public var maxLineLimit = 1000

    /// Longest value of a view template's parameter, in characters: as long as a whole `chain`. Text
    /// is shaped again for each size a stack proposes, so its length multiplies the layout's cost
    /// (2,000 letters in the sample award: 62 ms in a debug build; 7,900: 157 ms).
    public var maxTemplateValueLength = 2048

    /// The range of every number in a request (query values and chain arguments).
    public var numbers = NumberBounds()

    /// No practical bounds: for re-reading canonical forms the service printed itself.
    public static let unbounded = SpecLimits(
        maxChainLength: .max, maxModifiers: .max, maxNesting: .max, maxImages: .max, maxScale: 4, maxNameLength: .max,
        maxDepth: .max, maxChildren: .max, maxNodes: .max)
}
