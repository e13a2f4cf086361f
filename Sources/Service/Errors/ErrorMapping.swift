import HTTP1
import Layout
import Logging
import Origins
import PlanJSON
import Render
import Sources
import TransformSpec

/// The one place that turns errors into HTTP statuses and public messages. Messages name what the
/// client can change; libvips text and server paths never reach clients (they go to the log).
enum ErrorMapping {
    /// Status, message for the client, the parameter at fault (if any), and whether it is a server
    /// fault worth logging as an error.
    struct Outcome {
        var status: HTTPStatus
        var message: String
        var parameter: String?
        var isServerFault = false
        /// What the log gets beside the public message (an origin's host, address, curl's text).
        var logDetail: String?
    }

    static func outcome(for error: Error) -> Outcome {
        switch error {
        case let error as PresetRefusal:
            return Outcome(status: .forbidden, message: error.message, parameter: error.parameter ?? "preset")
        case let error as SpecError:
            return Outcome(status: .badRequest, message: error.description, parameter: error.parameter)
        case let error as RenderError:
            return outcome(for: error)
        case let error as SourceError:
            return outcome(for: error)
        case let error as MissingImage:
            return Outcome(status: .notFound, message: error.message, parameter: error.parameter)
        case let error as TemplateError:
            return outcome(for: error)
        case let error as OriginError:
            return outcome(for: error)
        case let error as PurgeError:
            return outcome(for: error)
        case let error as RequestError:
            switch error {
            case .methodNotAllowed: return Outcome(status: .methodNotAllowed, message: "this method is not allowed here (see Allow)")
            case .notFound: return Outcome(status: .notFound, message: "no such route; images are under /img/, view templates under /view/")
            case .overloaded: return Outcome(status: .serviceUnavailable, message: "too much work is waiting; retry shortly")
            case .queueTimedOut: return Outcome(status: .serviceUnavailable, message: "no worker was free in time; retry shortly")
            case .memoryPressure: return Outcome(status: .serviceUnavailable, message: "the server is short of memory; retry shortly")
            }
        default:
            return Outcome(status: .internalServerError, message: "internal error", isServerFault: true)
        }
    }

    /// `POST /admin/purge`'s refusals: a bare 403 for a bad signature (a refused request learns
    /// nothing), the setting to change when signing is off.
    private static func outcome(for error: PurgeError) -> Outcome {
        switch error {
        case .signingOff:
            Outcome(status: .forbidden, message: "purges must be signed: set signing.keys and sign the purge URL as image URLs are signed")
        case .forbidden:
            Outcome(status: .forbidden, message: "forbidden")
        case .target:
            Outcome(status: .badRequest, message: "name exactly one of source=, template= or tag= (not empty)", parameter: "source")
        case .invalidTag(let tag):
            Outcome(status: .badRequest, message: "'\(tag)' is not a tag: s- or t- and 16 lower-case hex digits", parameter: "tag")
        case .unknownParameter(let name):
            Outcome(status: .badRequest, message: "'\(name)' is not a purge parameter: source, template or tag, then exp and sig", parameter: name)
        case .busy:
            Outcome(status: .serviceUnavailable, message: "too many purges are waiting; retry shortly")
        }
    }

    /// A name the path rule refuses is the client's spelling (400, whatever is on disk); a missing
    /// file and a symlink leading outside the root are both 404, so neither can be told apart. A name
    /// that matches several files but for letter case is a 404 too, naming them, for the client to pick.
    private static func outcome(for error: SourceError) -> Outcome {
        switch error {
        case .invalidName(_, let reason):
            Outcome(status: .badRequest, message: reason, parameter: "path")
        case .notFound(let name):
            Outcome(status: .notFound, message: "source image `\(name)` not found", parameter: "path")
        case .ambiguous:
            Outcome(status: .notFound, message: error.description, parameter: "path")
        case .unsupported(let name):
            Outcome(status: .unsupportedMediaType, message: "source `\(name)` is not an image in a supported format", parameter: "path")
        }
    }

    private static func outcome(for error: RenderError) -> Outcome {
        switch error {
        case .unsupportedSource(let name):
            Outcome(status: .unsupportedMediaType, message: "source `\(name)` is not an image in a supported format", parameter: "path")
        case .undecodable(let name, _):
            Outcome(status: .unprocessableContent, message: "source image `\(name)` is truncated or corrupt", parameter: "path")
        case .layout(let layout):
            Outcome(status: .badRequest, message: layout.description)
        case .unknownSymbol:
            Outcome(status: .badRequest, message: error.description, parameter: "chain")
        // The installed families are the client's to choose from: the message lists them (family
        // names only, no file paths).
        case .unknownFont:
            Outcome(status: .badRequest, message: error.description, parameter: "chain")
        case .sourceTooLarge:
            Outcome(status: .unprocessableContent, message: error.description, parameter: "path")
        case .outputTooLarge:
            Outcome(status: .badRequest, message: error.description)
        case .frameOutOfRange:
            Outcome(status: .badRequest, message: error.description, parameter: "frame")
        // 400 like `outputTooLarge`: the request (size, layers, format, blur radius) decides the cost and the
        // client can change it; 422 stays for sources that cannot be read.
        case .overBudget, .tooSlow:
            Outcome(status: .badRequest, message: error.description)
        case .timedOut:
            Outcome(status: .serviceUnavailable, message: error.description)
        case .internalFailure, .unresolvedSource:
            Outcome(status: .internalServerError, message: "internal error while rendering", isServerFault: true)
        }
    }

    /// An origin's 404 is ours; an origin that fails or is refused is a bad gateway, one that is too
    /// slow a gateway timeout, and an original over the size limit is refused like a local one. The
    /// client reads the source name and a generic reason; hosts, addresses and curl's text go to the log.
    private static func outcome(for error: OriginError) -> Outcome {
        let status: HTTPStatus
        switch error {
        case .notFound: status = .notFound
        case .unavailable, .failed, .refused, .denied: status = .badGateway
        case .timedOut: status = .gatewayTimeout
        case .tooLarge: status = .unprocessableContent
        }
        let detail = error.description == error.publicDescription ? nil : error.description
        return Outcome(status: status, message: error.publicDescription, parameter: "path", logDetail: detail)
    }

    /// A missing or misnamed template is the client's; a template file that cannot be read or parsed
    /// is the operator's (500, logged), and its message names the file and the parser's complaint so
    /// whoever wrote it can fix it from the response or the log.
    private static func outcome(for error: TemplateError) -> Outcome {
        switch error {
        case .invalidName:
            Outcome(status: .badRequest, message: error.description, parameter: "template")
        case .notFound:
            Outcome(status: .notFound, message: error.description, parameter: "template")
        case .unreadable, .invalid:
            Outcome(status: .internalServerError, message: error.description, parameter: "template", isServerFault: true)
        }
    }

    /// The response for `error`, logged as its outcome says: server faults at error, an origin's
    /// own detail (not shown to the client) at warning.
    static func response(for error: Error, logger: Logger) -> HTTPResponse {
        let outcome = outcome(for: error)
        if outcome.isServerFault { logger.error("request failed: \(error)") }
        if let detail = outcome.logDetail { logger.warning("\(detail)") }
        return response(outcome)
    }

    /// `{"error": "…", "param": "…"}` with `Cache-Control: no-store` (errors must not be cached long).
    static func response(_ outcome: Outcome) -> HTTPResponse {
        response(status: outcome.status, message: outcome.message, parameter: outcome.parameter)
    }

    static func response(status: HTTPStatus, message: String, parameter: String? = nil) -> HTTPResponse {
        var members: [(String, JSONValue)] = [("error", .string(message))]
        if let parameter { members.append(("param", .string(parameter))) }
        var response = HTTPResponse(
            status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: Array((JSONValue.object(members).serialized() + "\n").utf8))
        if status == .methodNotAllowed { response.headers.add("Allow", "GET, HEAD") }
        if status == .serviceUnavailable { response.headers.add("Retry-After", "1") }
        response.logNote = parameter.map { "\($0): \(message)" } ?? message
        return response
    }
}
