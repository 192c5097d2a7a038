public import APIMapping

extension HTTPResponseRecord {
    /// What `Content-Type` declared and what the first bytes are (`image/png` declared, HTML
    /// detected). Computed when asked, by the viewers and the JSON output, not for every response.
    ///
    /// ```swift
    /// exchange.response.media.disagrees  // true: declared JSON, an HTML error page came
    /// ```
    public var media: MediaCheck { MediaCheck(bytes: body, contentType: header("Content-Type")) }

    /// The image's format and size, when the body is an image whose header says so.
    ///
    /// ```swift
    /// exchange.response.image?.description  // "PNG 64×48"
    /// ```
    public var image: ImageInfo? { ImageInfo(bytes: body) }
}
