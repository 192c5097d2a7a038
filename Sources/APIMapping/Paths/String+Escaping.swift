extension String {
    /// This string with every scalar `escape` has a replacement for replaced by it, built without
    /// Foundation (whose `replacingOccurrences` bridges through `NSString`, a slow first use on
    /// Linux); the string itself when nothing needs escaping.
    ///
    /// ```swift
    /// "a>b".escaping { $0 == ">" ? "\\>" : nil }  // "a\\>b"
    /// ```
    func escaping(_ escape: (Unicode.Scalar) -> String?) -> String {
        guard unicodeScalars.contains(where: { escape($0) != nil }) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if let replacement = escape(scalar) {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
