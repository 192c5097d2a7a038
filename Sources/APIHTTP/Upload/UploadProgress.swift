/// How much of a multipart body has been handed to the transport, reported once per chunk.
///
/// Reports arrive in order, `bytesSent` only grows, and the last one has `bytesSent == totalBytes`.
///
/// ```swift
/// for try await chunk in upload.chunks(progress: { print("\($0.bytesSent)/\($0.totalBytes)") }) { … }
/// // 65536/20971906, 131072/20971906, …, 20971906/20971906
/// ```
public struct UploadProgress: Sendable, Hashable {
    /// Bytes of the encoded body produced so far, part headers included.
    public var bytesSent: Int
    /// The whole body's length: the request's `Content-Length`.
    public var totalBytes: Int

    /// Creates a report.
    ///
    /// ```swift
    /// let half = UploadProgress(bytesSent: 50, totalBytes: 100)
    /// ```
    ///
    /// - Parameters:
    ///   - bytesSent: Bytes produced so far.
    ///   - totalBytes: The body's length.
    public init(bytesSent: Int, totalBytes: Int) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent / totalBytes`, between 0 and 1.
    ///
    /// ```swift
    /// UploadProgress(bytesSent: 50, totalBytes: 100).fractionCompleted  // 0.5
    /// ```
    public var fractionCompleted: Double {
        totalBytes == 0 ? 1 : Double(bytesSent) / Double(totalBytes)
    }
}
