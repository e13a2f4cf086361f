import Layout

/// The animation a render draws: whose frames drive it, how many there are, how long each shows
/// and how often it plays. Decided in `Renderer.prepare` once the output format is known: only a
/// format that animates (GIF, WebP) gets every frame; any other, or `frame=N`, draws one frame.
///
/// One image drives the animation: the request's own image when it is animated, else the animated
/// image whose name sorts first by bytes. Layout sees one frame's size, so the plan is the same for
/// every frame and is drawn once per frame, the view's other leaves (text, shapes, other images) on
/// each; other animated images show their first frame.
struct Animation: Sendable {
    /// The image whose frames are drawn in turn.
    let ref: ImageRef
    /// Frames drawn, all of the image's.
    let frameCount: Int
    /// Milliseconds each frame shows, one per frame.
    let delays: [Int]
    /// Times the animation plays, 0 forever.
    let loop: Int

    /// The image an animated output would animate (see the type's comment), `nil` when no image of
    /// the view is animated.
    static func driver(in images: [ImageRef: SourceImage]) -> ImageRef? {
        if images[.primary]?.isAnimated == true { return .primary }
        let named = images.compactMap { ref, image -> String? in
            guard case .named(let name) = ref, image.isAnimated else { return nil }
            return name
        }
        return named.min { ByteKey($0) < ByteKey($1) }.map(ImageRef.named)
    }

    /// `images` with `frame` (`frame=N`) shown by the image that would animate, or the request's
    /// own image when none does; a frame past its last is refused. A view without images has the
    /// one frame 0.
    static func showing(_ frame: Int, of images: [ImageRef: SourceImage]) throws(RenderError) -> [ImageRef: SourceImage] {
        let ref = driver(in: images) ?? .primary
        guard let image = images[ref] else {
            guard frame == 0 else { throw .frameOutOfRange("the view", frame: frame, count: 1) }
            return images
        }
        guard frame < image.frameCount else { throw .frameOutOfRange(image.name, frame: frame, count: image.frameCount) }
        var shown = images
        shown[ref] = image.showing(frame: frame)
        return shown
    }

    /// The animation of `request` written as `format`, or `nil` when the output is one still frame:
    /// no image is animated, `frame=N` picked one, or `format` does not animate (`nil` is `fmt=auto`'s
    /// JPEG or PNG). Refuses an animation over `limits.maxFrames` or `maxAnimationPixels`, from the
    /// header, before anything is decoded.
    init?(request: RenderRequest, images: [ImageRef: SourceImage], format: ImageFormat?, limits: RenderLimits) throws(RenderError) {
        guard request.frame == nil, format?.animates == true, let ref = Self.driver(in: images), let image = images[ref] else { return nil }
        try image.checkAnimation(limits)
        self.ref = ref
        frameCount = image.frameCount
        delays = image.delays
        loop = image.loop
    }
}
