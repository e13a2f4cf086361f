import ArgumentParser
import Foundation
import Service

/// `imgframe sign '/img/a.jpg?w=300'` (or a `/view/…` URL): prints the signed URL (path and query)
/// for front ends and deploy pipelines.
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign an /img or /view URL with the configured key (HMAC-SHA256, parameter `sig`).",
        discussion: "Keys come from --key, or from the configuration (signing.keys / IMGFRAME_SIGNING_KEYS); the first one signs.")

    @Argument(help: "The path and query to sign, e.g. '/img/landscape_4.jpg?w=300&h=400&mode=fill'.")
    var target: String

    @Option(help: "The key to sign with (default: the first configured key).")
    var key: String?

    @Option(help: "Make the URL expire this many seconds from now (adds `exp`).")
    var expiresIn: Int?

    @Option(help: "Config file with `key = value` lines.")
    var config: String?

    func run() throws {
        guard target.hasPrefix("/") else { throw ValidationError("the target must be a path starting with /, e.g. /img/a.jpg?w=300") }
        var keys = key.map { [$0] } ?? []
        if keys.isEmpty {
            keys = try loadConfiguration(file: config).signingKeys
        }
        let signer = URLSigner(keys: keys)
        guard signer.isEnabled else { throw ValidationError("no signing key: pass --key or set signing.keys / IMGFRAME_SIGNING_KEYS") }
        print(signer.sign(target, expires: expiresIn.map { Int(Date().timeIntervalSince1970) + $0 }))
    }
}
