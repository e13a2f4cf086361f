/// What a URL-signing key must be before the service or `imgframe sign` uses it: at least 32 bytes
/// (256 bits, HMAC-SHA256's own strength; a short key can be guessed from signed URLs offline),
/// and not the placeholder that `deploy/k8s/secret.yaml` ships with.
public enum SigningKeyRule {
    public static let minimumBytes = 32
    /// The value in the shipped Kubernetes Secret, refused so a deployment cannot run with it.
    public static let placeholder = "replace-me-with-a-long-random-key"

    /// Why `key` cannot sign, as a message naming the fix; `nil` when it can.
    public static func problem(with key: String) -> String? {
        let howToMake = "make one with `openssl rand -hex 32`"
        if key == placeholder { return "a signing key is still the placeholder of deploy/k8s/secret.yaml; \(howToMake)" }
        let bytes = key.utf8.count
        if bytes < minimumBytes { return "a signing key must be at least \(minimumBytes) bytes, got one of \(bytes); \(howToMake)" }
        return nil
    }
}
