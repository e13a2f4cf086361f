import Layout

extension RenderPlan {
    /// Whether the canvas is mostly drawn rather than photographed: its images' visible pixels cover
    /// less than half of it (an Open Graph card with an avatar, a badge), so the rest is fills,
    /// gradients, shapes and text. Encoders with settings for such pixels use them (`Encoder.synthetic`).
    var isSynthetic: Bool {
        let canvasPixels = Double(canvas.width) * Double(canvas.height)
        guard canvasPixels > 0 else { return false }
        let imagePixels = images.reduce(0.0) { total, paint in
            guard let shown = paint.placement.visiblePixelRect else { return total }
            return total + Double(shown.width) * Double(shown.height)
        }
        return imagePixels < canvasPixels / 2
    }
}
