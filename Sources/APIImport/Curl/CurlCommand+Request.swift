public import APIClient
import APIHTTP
import APIMapping
import Foundation

extension CurlCommand {
    /// The curl command that sends `request`, for `request --print-curl` and the terminal UI's copy.
    ///
    /// Values that stand in for secrets (``ShellReferences/standIn(for:)``) are kept, so the printed
    /// line reads them from the shell; any other value the request's redaction masks (a literal
    /// credential in a profile) is shown as `••••` unless `revealingSecrets`. `Authorization: Basic`
    /// becomes `-u user:password`, and a profile with `tls_verify: false` gets `-k`.
    ///
    /// ```swift
    /// var references = ShellReferences()
    /// let token = references.standIn(for: "${GITHUB_TOKEN}")
    /// let request = try github.resolveRequest(
    ///     endpoint: "user", parameters: [:], environment: ["GITHUB_TOKEN": token])
    /// CurlCommand(request, references: references).rendered(multiline: false, quoting: references.quote)
    /// // curl -X GET https://api.github.com/users/octocat -H 'Authorization: Bearer '"${GITHUB_TOKEN}" …
    /// ```
    ///
    /// - Parameters:
    ///   - request: The resolved request.
    ///   - references: The stand-ins the request was resolved with.
    ///   - revealingSecrets: Show masked literal values as they are.
    public init(_ request: ResolvedRequest, references: ShellReferences, revealingSecrets: Bool = false) {
        self.init(method: request.method, url: Self.url(request, references, revealingSecrets))
        let mask = Redaction.mask
        for header in request.headers {
            if header.name.lowercased() == "authorization", header.value.hasPrefix("Basic "),
                let decoded = Data(base64Encoded: String(header.value.dropFirst(6))),
                let credentials = String(data: decoded, encoding: .utf8), let colon = credentials.firstIndex(of: ":")
            {
                let password = String(credentials[credentials.index(after: colon)...])
                let shown = revealingSecrets || password.isEmpty || references.contains(password) ? password : mask
                user = String(credentials[..<colon]) + ":" + shown
                continue
            }
            let masked =
                !revealingSecrets && request.redaction.masksHeader(header.name) && !references.contains(header.value)
            headers.append(CurlHeader(name: header.name, value: masked ? mask : header.value))
        }
        if let body = request.body {
            data = [.text(revealingSecrets ? String(decoding: body, as: UTF8.self) : request.maskedBody(body))]
        }
        if let upload = request.upload {
            // `-F` sets its own Content-Type, boundary included.
            headers.removeAll { $0.name.lowercased() == "content-type" }
            form = upload.fields.map { field in
                switch field.source {
                case .text(let value):
                    let masked = !revealingSecrets && request.redaction.redact(text: value) != value
                    return CurlFormField(name: field.name, value: masked ? mask : value, contentType: field.contentType)
                case .file(let path):
                    return CurlFormField(
                        name: field.name, value: path, source: .file, contentType: field.contentType,
                        filename: field.filename)
                case .textFile(let path):
                    return CurlFormField(name: field.name, value: path, source: .fileContent)
                }
            }
        }
        insecure = !request.tlsVerify
    }

    /// The URL with stand-ins decoded back from their percent-encoding, and masked query values
    /// that are not stand-ins shown as `••••`.
    private static func url(_ request: ResolvedRequest, _ references: ShellReferences, _ revealing: Bool) -> String {
        // U+E000 and U+E001, the stand-ins' brackets, percent-encoded.
        let url = request.url.replacing("%EE%80%80", with: "\u{E000}").replacing("%EE%80%81", with: "\u{E001}")
        guard let mark = url.firstIndex(of: "?"), !revealing else { return url }
        let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map {
            item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = String(item[..<equals])
            let value = String(item[item.index(after: equals)...])
            let masked =
                request.redaction.masksQueryItem(name.removingPercentEncoding ?? name) && !references.contains(value)
            return masked ? name + "=" + Redaction.mask : String(item)
        }
        return String(url[...mark]) + items.joined(separator: "&")
    }
}

extension ResolvedRequest {
    /// The body as text, with the profile's `redact: body` paths masked when it is JSON.
    ///
    /// - Parameter body: The request's body bytes.
    public func maskedBody(_ body: [UInt8]) -> String {
        guard !redaction.body.isEmpty else { return String(decoding: body, as: UTF8.self) }
        do {
            return redaction.redact(body: try JSONDocument(parsing: body).root.value).jsonText()
        } catch {
            // Not JSON (a form, XML): there are no JSON paths to mask; secret values still are, by the caller.
            return String(decoding: body, as: UTF8.self)
        }
    }
}
