import HTTP1

extension ImagePipeline {
    /// The job of an image request (`/img`, `/view`): `fmt=auto` chooses among the formats the
    /// client's `Accept` allows. Its fetches from origins must end within `origins.timeout` from now.
    func job(_ image: ImageRequest, _ request: HTTPRequest, respond: @escaping ImageJob.Respond) -> ImageJob {
        let image = clientHints?.applied(to: image, headers: request.headers) ?? image
        return ImageJob(
            image, formats: image.spec.format == .auto ? negotiation.preferred(accept: request.headers["Accept"]) : [],
            ifNoneMatch: request.headers["If-None-Match"], respond: respond, originDeadline: sources.deadline())
    }

    /// The job of an `/info` request for the source `name` (with its `v`, if any).
    func infoJob(_ name: String, cacheVersion: String?, _ request: HTTPRequest, respond: @escaping ImageJob.Respond) -> ImageJob {
        ImageJob(
            info: name, canonical: InfoRoute.canonical(name, cacheVersion: cacheVersion), ifNoneMatch: request.headers["If-None-Match"],
            respond: respond,
            originDeadline: sources.deadline())
    }

    /// The job of an `/info` request asking for placeholders of the image `placeholders.image` describes.
    func placeholderJob(_ placeholders: PlaceholderRequest, _ request: HTTPRequest, respond: @escaping ImageJob.Respond) -> ImageJob {
        ImageJob(placeholders: placeholders, ifNoneMatch: request.headers["If-None-Match"], respond: respond, originDeadline: sources.deadline())
    }
}
