import Foundation

/// Where temporary credentials come from, and how they are asked for: STS's
/// `AssumeRoleWithWebIdentity` with the token file's current contents (EKS IRSA), or the container
/// credentials endpoint (EKS Pod Identity, ECS). Both are fixed URLs from the environment, asked
/// without the origin address rule (the container endpoint is link-local by design).
enum CredentialEndpoint: Sendable {
    case webIdentity(sts: String, roleARN: String, tokenFile: String, sessionName: String, timeout: Duration)
    case container(url: String, tokenFile: String?, token: String?, timeout: Duration)

    /// Web identity from `AWS_ROLE_ARN` and `AWS_WEB_IDENTITY_TOKEN_FILE`; STS at
    /// `AWS_ENDPOINT_URL_STS`, else the regional endpoint of `AWS_REGION` (or the bucket's region).
    static func webIdentity(environment: [String: String], region: String, timeout: Duration) throws(CredentialError) -> CredentialEndpoint {
        guard let role = environment["AWS_ROLE_ARN"], !role.isEmpty, let file = environment["AWS_WEB_IDENTITY_TOKEN_FILE"], !file.isEmpty else {
            throw CredentialError("credentials = web-identity, but AWS_ROLE_ARN and AWS_WEB_IDENTITY_TOKEN_FILE are not both set")
        }
        let stsRegion =
            [environment["AWS_REGION"], environment["AWS_DEFAULT_REGION"], region == "auto" ? nil : region]
            .compactMap { $0 }.first { !$0.isEmpty } ?? S3Bucket.Options.defaultRegion
        let sts = environment["AWS_ENDPOINT_URL_STS"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://sts.\(stsRegion).amazonaws.com/"
        let session = environment["AWS_ROLE_SESSION_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? "imgframe"
        return .webIdentity(sts: sts, roleARN: role, tokenFile: file, sessionName: session, timeout: timeout)
    }

    /// Container credentials from `AWS_CONTAINER_CREDENTIALS_FULL_URI` (or `…_RELATIVE_URI` under
    /// ECS's `169.254.170.2`), authorised by `AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE` (read each
    /// time) or `AWS_CONTAINER_AUTHORIZATION_TOKEN`.
    static func container(environment: [String: String], timeout: Duration) throws(CredentialError) -> CredentialEndpoint {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard
            let url = value("AWS_CONTAINER_CREDENTIALS_FULL_URI")
                ?? value("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI").map({ "http://169.254.170.2" + $0 })
        else {
            throw CredentialError("credentials = container, but AWS_CONTAINER_CREDENTIALS_FULL_URI (or …_RELATIVE_URI) is not set")
        }
        return .container(
            url: url, tokenFile: value("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"), token: value("AWS_CONTAINER_AUTHORIZATION_TOKEN"), timeout: timeout)
    }

    /// New credentials and when they expire.
    func fetch() throws(CredentialError) -> (credentials: SignatureV4.Credentials, expiration: Date) {
        switch self {
        case .webIdentity(let sts, let role, let file, let session, let timeout):
            guard let token = try? String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty
            else {
                throw CredentialError("the web identity token file \(file) cannot be read")
            }
            let form = [
                ("Action", "AssumeRoleWithWebIdentity"), ("Version", "2011-06-15"), ("RoleArn", role), ("RoleSessionName", session),
                ("WebIdentityToken", token),
            ]
            .map { "\($0.0)=\(URIEncoding.encode($0.1, keepingSlash: false))" }.joined(separator: "&")
            let response = try Self.exchange(
                CurlTransfer.Request(
                    url: sts, method: "POST", headers: ["Content-Type: application/x-www-form-urlencoded", "Accept: text/xml", "Expect:"],
                    body: Array(form.utf8),
                    connectTimeout: timeout, totalTimeout: timeout, maxBytes: 64 * 1024), what: "STS (\(sts))")
            let xml = String(decoding: response, as: UTF8.self)
            guard let id = XMLText.first("AccessKeyId", in: xml), let secret = XMLText.first("SecretAccessKey", in: xml),
                let expiration = XMLText.first("Expiration", in: xml).flatMap(Self.date)
            else { throw CredentialError("STS (\(sts)) answered without credentials for \(role)") }
            return (
                SignatureV4.Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: XMLText.first("SessionToken", in: xml)), expiration
            )
        case .container(let url, let file, let token, let timeout):
            var authorization = token
            if let file {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw CredentialError("the container authorization token file \(file) cannot be read")
                }
                authorization = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let response = try Self.exchange(
                CurlTransfer.Request(
                    url: url, headers: authorization.map { ["Authorization: \($0)"] } ?? [], connectTimeout: timeout, totalTimeout: timeout,
                    maxBytes: 64 * 1024),
                what: "the container credentials endpoint (\(url))")
            guard let object = try? JSONSerialization.jsonObject(with: Data(response)) as? [String: Any], let id = object["AccessKeyId"] as? String,
                let secret = object["SecretAccessKey"] as? String, let expiration = (object["Expiration"] as? String).flatMap(Self.date)
            else { throw CredentialError("the container credentials endpoint (\(url)) answered without credentials") }
            return (SignatureV4.Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: object["Token"] as? String), expiration)
        }
    }

    /// The body of a 200 from a credentials endpoint; anything else is an error naming `what` and
    /// its status (never the body: it may echo a token).
    private static func exchange(_ request: CurlTransfer.Request, what: String) throws(CredentialError) -> [UInt8] {
        switch CurlTransfer.perform(request) {
        case .success(let response) where response.status == 200: return response.body
        case .success(let response):
            let code = XMLText.first("Code", in: String(decoding: response.body, as: UTF8.self)).map { " \($0)" } ?? ""
            throw CredentialError("\(what) answered \(response.status)\(code)")
        case .failure(let failure): throw CredentialError("\(what) could not be reached: \(failure)")
        }
    }

    /// An ISO 8601 time (`2026-11-28T10:00:00Z`, with or without fractional seconds).
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}

/// The text of an element in a small XML document (S3's errors, STS's answers): enough for the
/// flat documents these services send, without a parser. Entities are decoded.
enum XMLText {
    static func first(_ element: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(element)>"), let close = xml.range(of: "</\(element)>", range: open.upperBound..<xml.endIndex) else {
            return nil
        }
        return String(xml[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
