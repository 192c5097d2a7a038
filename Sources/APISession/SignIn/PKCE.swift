import Crypto
import Foundation

/// RFC 7636's proof key: a random verifier and its S256 challenge, computed with swift-crypto.
struct PKCE: Sendable {
    let verifier: String
    let challenge: String

    init() {
        verifier = Self.randomText(bytes: 32)
        challenge = Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// `bytes` random bytes from swift-crypto's generator, base64url without padding: verifiers and `state`.
    static func randomText(bytes: Int) -> String {
        base64URL(SymmetricKey(size: SymmetricKeySize(bitCount: bytes * 8)).withUnsafeBytes { Data($0) })
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
