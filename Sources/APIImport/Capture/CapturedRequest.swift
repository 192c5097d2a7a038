/// A request seen in a curl command or a HAR entry, before it becomes an endpoint draft.
struct CapturedRequest {
    enum Body: Hashable {
        case none
        /// Text with the content type it was sent with, if known.
        case text(String)
        /// A body curl reads from a file: the description of where.
        case file(String)
        /// Multipart fields; a value starting with `@` names a file.
        case multipart([DraftHeader])
    }

    var method: String
    var url: RequestURL
    var headers: [DraftHeader]
    var body: Body = .none
    /// `-u user:password`, or the URL's user information.
    var basicCredentials: String?
    /// Notes for the endpoint's comments (never secrets).
    var notes: [String] = []
    /// The endpoint id the source names (apiexplore's own HAR export).
    var preferredID: String?

    init(method: String, url: RequestURL, headers: [DraftHeader]) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        basicCredentials = url.userInfo
    }

    func header(_ name: String) -> String? {
        headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }
}
