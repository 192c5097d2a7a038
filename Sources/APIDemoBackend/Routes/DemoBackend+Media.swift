import Hummingbird
import NIOCore

/// Bodies that are not text, for the viewers: a 1×1 GIF and 512 bytes of binary.
extension DemoBackend {
    /// The classic 43-byte transparent 1×1 GIF89a.
    static let pixelGIF: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF,
        0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
        0x00, 0x02, 0x01, 0x44, 0x00, 0x3B,
    ]

    static func addMediaRoutes(to router: Router<DemoRequestContext>) {
        router.get("/media/pixel.gif") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "image/gif"],
                body: .init(byteBuffer: ByteBuffer(bytes: pixelGIF)))
        }
        // Every byte value twice, 0x00 to 0xFF: the hex view's first line is 00 01 02 … 0f.
        router.get("/media/blob.bin") { _, _ -> Response in
            let bytes = (0..<512).map { UInt8(truncatingIfNeeded: $0) }
            return Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}
