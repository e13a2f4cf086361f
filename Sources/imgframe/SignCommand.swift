import ArgumentParser
import CheckedConversion
import Foundation
import Layout
import PlanJSON
import Service

/// `imgframe sign '/img/a.jpg?w=300'` (or a `/view/…` URL, or a full `http(s)://…` URL): prints the
/// signed URL for front ends and deploy pipelines, spelled as a browser sends it, so fetching the
/// printed URL verifies.
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign an /img or /view URL with the configured key (HMAC-SHA256, parameter `sig`).",
        discussion: """
            The target is percent-encoded as a browser would send it (spaces → %20, non-ASCII as UTF-8, \
            existing %XX kept); an existing `sig` is replaced. A full http(s):// URL is printed back with its \
            host. Keys come from --key, or from the configuration (signing.keys / IMGFRAME_SIGNING_KEYS); the \
            first one signs.
            """)

    @Argument(help: "The URL to sign: '/img/landscape_4.jpg?w=300&h=400&mode=fill' or 'https://img.example.com/img/…'.")
    var target: String

    @Option(help: "The key to sign with (default: the first configured key).")
    var key: String?

    @Option(help: "Make the URL expire this many seconds from now (replaces any `exp`).")
    var expiresIn: Int?

    @Flag(help: "Print {\"url\", \"path\", \"sig\", \"exp\"} as JSON.")
    var json = false

    @Option(help: "Config file with `key = value` lines.")
    var config: String?

    func run() throws {
        var parsed: SigningTarget
        do {
            parsed = try SigningTarget(parsing: target)
        } catch {
            throw ValidationError(error.description)
        }
        var keys = key.map { [$0] } ?? []
        if keys.isEmpty {
            keys = try loadConfiguration(file: config).signingKeys
        }
        if let problem = keys.lazy.compactMap(SigningKeyRule.problem(with:)).first { throw ValidationError("--key: " + problem) }
        let signer = URLSigner(keys: keys)
        guard signer.isEnabled else { throw ValidationError("no signing key: pass --key or set signing.keys / IMGFRAME_SIGNING_KEYS") }
        if let expiresIn { parsed.replaceExpiry(with: Int(saturating: Date().timeIntervalSince1970) + expiresIn) }
        let signed = signer.sign(parsed.target)
        let url = parsed.origin + signed
        guard json else { return print(url) }
        let sig = String(signed[signed.range(of: "sig=", options: .backwards)!.upperBound...])
        let object = JSONValue.object([
            ("url", .string(url)), ("path", .string(signed)), ("sig", .string(sig)), ("exp", parsed.expiry.map { .number(Double($0)) } ?? .null),
        ])
        print(object.serialized())
    }
}
