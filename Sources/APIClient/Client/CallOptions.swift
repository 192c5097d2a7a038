public import APIHTTP
public import APIMapping

/// What one call changes in its endpoint: the page it asks for, the body it sends, and where its
/// envelope looks (MoyaMapper's per-request `params`).
///
/// ```swift
/// var options = CallOptions()
/// options.envelope.model = try ProfilePath("data>list")   // map this call from data>list
/// options.body = .form(try MultipartUpload(fields: [try FormField(parsing: "photo=@cat.png")]))
/// let exchange = try await client.call(profile: demo, endpoint: "upload", options: options)
/// ```
public struct CallOptions: Sendable {
    /// A later page: its parameters or its link (see ``PageWalker``); `nil` for the first.
    public var page: PageRequest?
    /// A body in place of the endpoint's; `nil` sends the endpoint's own.
    public var body: BodyOverride?
    /// Body fields added to (or replacing) the endpoint's declared ones (`-f`, `-F`, `name:=json`).
    public var fields = BodyFields()
    /// Headers added to the request, replacing same-named ones (`-H 'Name: value'`); their values
    /// are masked wherever the request is shown or stored.
    public var headers: [HTTPHeader] = []
    /// Changes to the endpoint's envelope for this call only.
    public var envelope = EnvelopeOverride()
    /// What the user changed in the resolved request (method, URL, query, headers, body), applied
    /// last; `nil` sends it as resolved.
    public var edit: RequestEdit?
    /// Hears each chunk of a streamed upload as it is sent.
    public var uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// This call's time limits (`call … --max-time=2s`), over the profile's and the client's: the
    /// tighter of each applies.
    public var limits = RequestLimits()
    /// How the answer's body is taken as it arrives: saved (`-o`) or read event by event.
    public var streaming = ResponseStreaming()

    /// Options that change nothing.
    public init() {}
}

/// A body given for one call in place of the endpoint's.
///
/// ```swift
/// let json = BodyOverride.bytes(Array(#"{"name":"Ada"}"#.utf8), contentType: "application/json")
/// let form = BodyOverride.form(try MultipartUpload(fields: [try FormField(parsing: "photo=@cat.png")]))
/// ```
public enum BodyOverride: Sendable, Hashable {
    /// These bytes, with this content type (`--data @file`); `nil` keeps the endpoint's header.
    case bytes([UInt8], contentType: String?)
    /// These bytes with the endpoint's declared content type (`--data TEXT`), or `fallback` when it
    /// declares none (or declares a multipart form, whose boundary these bytes do not follow).
    case declared([UInt8], fallback: String)
    /// A `multipart/form-data` form, its files streamed from disk as it is sent (`-F`).
    case form(MultipartUpload)
}

/// How a call takes its answer's body as it arrives, instead of whole: a download saved as it
/// arrives, and how event streams are read (they always are, event by event).
///
/// ```swift
/// var options = CallOptions()
/// options.streaming.download = BodyDownload(maximumSize: nil, keptBytes: 8 << 20) { try destination() }
/// options.streaming.events.maximumEvents = 20
/// ```
public struct ResponseStreaming: Sendable {
    /// Saves a successful answer's body as it arrives; `nil` keeps bodies in memory (event streams aside).
    public var download: BodyDownload?
    /// How an event-stream answer is read.
    public var events = EventStreamOptions()

    /// No download; event streams with the default options.
    public init() {}
}
