/// Why `POST /admin/purge` refused a request (statuses and messages in `ErrorMapping`).
enum PurgeError: Error, Equatable {
    /// No `signing.keys` configured: purges are accepted only signed.
    case signingOff
    /// The signature is missing, wrong or expired (the reason goes to the log only).
    case forbidden
    /// Not exactly one of `source=`, `template=`, `tag=` (or an empty one).
    case target
    /// A `tag=` that is not one this service writes.
    case invalidTag(String)
    /// A parameter purges do not take, or a query that cannot be read.
    case unknownParameter(String)
    /// Too many purges are already waiting.
    case busy
}
