import Layout

extension TransformSpec {
    /// What the renderer needs of this request: everything but the source's name, which is resolved
    /// to a file before rendering.
    public var renderRequest: RenderRequest {
        var request = RenderRequest(
            view: view, proposal: proposal, scale: scale, orientation: orientation, format: format, quality: quality, isOpaque: isOpaque,
            colorMode: colorMode, page: page, frame: frame, maxBytes: maxBytes, encoder: encoder)
        request.proposesImageSize = proposesImageSize
        request.canvasRounding = canvasRounding
        return request
    }
}
