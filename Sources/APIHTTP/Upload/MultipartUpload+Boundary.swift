extension MultipartUpload {
    /// A fresh boundary: `apiexplore-` and 24 random letters and digits from the system's generator.
    ///
    /// ```swift
    /// MultipartUpload.randomBoundary()  // "apiexplore-q3XoV0Jd8sLr2mZc5bNa7tYw"
    /// ```
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        return randomBoundary(using: &generator)
    }

    /// A boundary drawn from `generator`: `apiexplore-` and 24 letters and digits.
    ///
    /// ```swift
    /// var generator = SeededGenerator(seed: 7)  // any RandomNumberGenerator
    /// MultipartUpload.randomBoundary(using: &generator)
    /// ```
    ///
    /// - Parameter generator: The source of randomness.
    public static func randomBoundary(using generator: inout some RandomNumberGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let suffix = (0..<24).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
        return "apiexplore-" + String(suffix)
    }

    /// RFC 2046 allows more characters; these are the ones that need no quoting in `Content-Type`.
    static func validate(boundary: String) throws(MultipartUploadError) {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'+_-.".unicodeScalars)
        guard (1...70).contains(boundary.unicodeScalars.count), boundary.unicodeScalars.allSatisfy(allowed.contains)
        else { throw MultipartUploadError(.invalidBoundary(boundary)) }
    }
}
