import Foundation
import Synchronization

/// The credentials one bucket's requests are signed with, from the source its settings name
/// (`CredentialSource`), read from the environment given at start. Static keys are read once;
/// temporary ones (web identity, container) are fetched when first needed and again a few minutes
/// before they expire (the web-identity token file is read again each time: the kubelet rotates
/// it), one fetch at a time: while one runs, requests sign with the credentials that are still valid.
public final class CredentialProvider: Sendable {
    /// What the provider signs with: nothing (`none`), fixed keys, or keys it fetches.
    enum Mode: Sendable {
        case unsigned
        case fixed(SignatureV4.Credentials)
        case fetched(CredentialEndpoint)
    }

    /// Temporary credentials are fetched again this long before they expire.
    static let refreshAhead: TimeInterval = 300

    let mode: Mode
    /// What `auto` chose, or the source named (for messages).
    public let source: CredentialSource
    private let cached = Mutex<(credentials: SignatureV4.Credentials, expiration: Date)?>(nil)
    /// Held while credentials are being fetched: one fetch at a time.
    private let fetching = Mutex(())

    /// The provider for `source`, configured by `environment` (the process's); `region` is the
    /// bucket's (STS is asked in it unless the environment says otherwise). Throws when the source
    /// named is not configured there: a configured source that fails is an error, never a fallthrough.
    public init(_ source: CredentialSource, environment: [String: String], region: String, timeout: Duration) throws(CredentialError) {
        let chosen = source == .auto ? Self.choose(environment) : source
        self.source = chosen
        switch chosen {
        case .auto, .none:
            mode = .unsigned
        case .env:
            guard let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty, let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty else {
                throw CredentialError("credentials = env, but AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set")
            }
            let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            mode = .fixed(SignatureV4.Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: token))
        case .webIdentity:
            mode = .fetched(try .webIdentity(environment: environment, region: region, timeout: timeout))
        case .container:
            mode = .fetched(try .container(environment: environment, timeout: timeout))
        }
    }

    /// AWS's order: keys in the environment, then web identity, then container credentials.
    static func choose(_ environment: [String: String]) -> CredentialSource {
        func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if has("AWS_ACCESS_KEY_ID") { return .env }
        if has("AWS_ROLE_ARN") && has("AWS_WEB_IDENTITY_TOKEN_FILE") { return .webIdentity }
        if has("AWS_CONTAINER_CREDENTIALS_FULL_URI") || has("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") { return .container }
        return .none
    }

    /// Whether credentials can be fetched again (after S3 says a token expired).
    var isRefreshable: Bool {
        if case .fetched = mode { return true }
        return false
    }

    /// The credentials to sign with now; `nil` for unsigned requests.
    func credentials() throws(CredentialError) -> SignatureV4.Credentials? {
        let endpoint: CredentialEndpoint
        switch mode {
        case .unsigned: return nil
        case .fixed(let credentials): return credentials
        case .fetched(let source): endpoint = source
        }
        let now = Date()
        let current = cached.withLock { $0 }
        if let current, current.expiration.timeIntervalSince(now) > Self.refreshAhead { return current.credentials }
        // Due for a refresh but still valid: when another request is fetching, sign with these.
        if let current, current.expiration > now.addingTimeInterval(10) {
            let fetched = fetching.withLockIfAvailable { _ in Result { () throws(CredentialError) in try refresh(endpoint) } }
            guard let fetched else { return current.credentials }
            return try fetched.get()
        }
        return try fetching.withLock { _ throws(CredentialError) in try refresh(endpoint) }
    }

    /// Fetches new credentials unless another fetch just did (the caller holds `fetching`).
    private func refresh(_ endpoint: CredentialEndpoint) throws(CredentialError) -> SignatureV4.Credentials {
        if let current = cached.withLock({ $0 }), current.expiration.timeIntervalSince(Date()) > Self.refreshAhead { return current.credentials }
        let fetched = try endpoint.fetch()
        cached.withLock { $0 = fetched }
        return fetched.credentials
    }

    /// S3 said the token expired or is invalid: the next `credentials()` fetches new ones.
    func invalidate() {
        cached.withLock { $0 = nil }
    }
}

/// Why a bucket's credentials could not be had: not configured, or their endpoint failed.
public struct CredentialError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
