import APIHTTP
import NIOCore

@testable import APIClient

extension MultipartUpload {
    /// The whole encoded body; for small test bodies only.
    func encodedBytes(chunkSize: Int = 64 * 1024) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in chunks(chunkSize: chunkSize) {
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }
}
