import Hummingbird

/// A `code`/`msg`/`data` answer whose URI headers carry a credential the server issued, which the
/// request never sent: what history must mask when recording, and a mock when replaying.
///
/// ```text
/// GET /signed/links → {"code":0,"msg":"ok","data":{"page":1}}
///   Link: <http://HOST/signed/links?page=2&access_token=srv-issued-7Qx9>; rel="next"
///   Location: /signed/links?page=2&token=srv-issued-7Qx9
///   Content-Location: http://HOST/signed/links?page=1&signature=srv-issued-7Qx9
/// ```
extension DemoBackend {
    /// The credential `/signed/links` puts in its headers.
    static let issuedCredential = "srv-issued-7Qx9"

    static func addSignedLinkRoutes(to router: Router<DemoRequestContext>) {
        router.get("/signed/links") { request, _ -> Response in
            let origin = "http://\(request.head.authority ?? "127.0.0.1")"
            var headers = HTTPFields()
            headers[HTTPFields.Element.Name("Link")!] =
                "<\(origin)/signed/links?page=2&access_token=\(issuedCredential)>; rel=\"next\""
            headers[.location] = "/signed/links?page=2&token=\(issuedCredential)"
            headers[.contentLocation] = "\(origin)/signed/links?page=1&signature=\(issuedCredential)"
            return .json(#"{"code":0,"msg":"ok","data":{"page":1}}"#, headers: headers)
        }
    }
}
