import Foundation
import HTTP1
import Hashing

/// The one self-contained page at `/`: inline style and script, no external assets, so it works
/// offline and its `Content-Security-Policy` can allow exactly these two blocks by hash.
enum PlaygroundPage {
    /// The playground (`signing` off) or the page that explains signing (`signing` on).
    static func response(signing: Bool) -> HTTPResponse {
        let (html, policy) = signing ? (signingHTML, signingPolicy) : (playgroundHTML, playgroundPolicy)
        return HTTPResponse(
            status: .ok,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"), ("Content-Security-Policy", policy),
                ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
            ],
            body: Array(html.utf8))
    }

    static let playgroundHTML = document(body + "\n<script>" + script + "</script>")
    static let signingHTML = document(signingBody)

    /// Nothing but these blocks runs or styles: `fetch` goes to this origin only, and the preview
    /// shows `blob:` URLs of the images it fetched (to read their headers).
    static let playgroundPolicy =
        "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; img-src 'self' blob:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    static let signingPolicy = "default-src 'none'; style-src '\(hash(style))'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    private static func document(_ body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>ImageFrame playground</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// A CSP hash source: `sha256-` and the base64 of the block's UTF-8 bytes (CSP 3 §8.4).
    static func hash(_ block: String) -> String {
        "sha256-" + Data(SHA256.hash(block)).base64EncodedString()
    }
}
