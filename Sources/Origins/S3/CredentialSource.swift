/// Where a bucket's requests get their credentials (`origins.NAME.credentials`,
/// `result_tier.credentials`). `auto` takes the first one the environment configures, in AWS's
/// order; a named one must be configured; whichever is chosen and then fails is an error, never a
/// silent fall to the next.
public enum CredentialSource: String, Sendable, Equatable, CaseIterable {
    /// `env`, then `web-identity`, then `container`, the first the environment sets up; else `none`.
    case auto
    /// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN`).
    case env
    /// `AWS_ROLE_ARN` and `AWS_WEB_IDENTITY_TOKEN_FILE` (EKS IRSA): STS `AssumeRoleWithWebIdentity`.
    case webIdentity = "web-identity"
    /// `AWS_CONTAINER_CREDENTIALS_FULL_URI` (EKS Pod Identity, ECS) or `…_RELATIVE_URI`.
    case container
    /// Unsigned requests: a public bucket.
    case none
}
