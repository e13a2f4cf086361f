import HTTP1
import TransformSpec

extension ImagePipeline {
    /// The job of an image request (`/img`, `/view`): `fmt=auto` chooses among the formats the
    /// client's `Accept` allows. Its fetches from origins must end within `origins.timeout` from now.
    func job(
        _ spec: TransformSpec, canonical: String, imageParameters: ImageParameters, _ request: HTTPRequest, respond: @escaping ImageJob.Respond
    ) -> ImageJob {
        ImageJob(
            product: .image(spec), canonical: canonical,
            formats: spec.format == .auto ? negotiation.preferred(accept: request.headers["Accept"]) : [],
            ifNoneMatch: request.headers["If-None-Match"], imageParameters: imageParameters, respond: respond, originDeadline: sources.deadline())
    }

    /// The job of an `/info` request for the source `name`.
    func infoJob(_ name: String, _ request: HTTPRequest, respond: @escaping ImageJob.Respond) -> ImageJob {
        ImageJob(
            product: .info(source: name), canonical: InfoRoute.canonical(name), formats: [], ifNoneMatch: request.headers["If-None-Match"],
            imageParameters: .template, respond: respond, originDeadline: sources.deadline())
    }
}
