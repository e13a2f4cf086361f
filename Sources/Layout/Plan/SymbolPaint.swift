/// Draws an `Image(systemName:)` leaf into its placement: the glyph stretched over the rect when
/// resizable, else fitted and centred, in the symbol's resolved colour (views spec §8.2).
public struct SymbolPaint: Sendable, Hashable {
    public var symbol: SymbolView
    public var placement: Placement

    public init(symbol: SymbolView, placement: Placement) {
        self.symbol = symbol
        self.placement = placement
    }
}
