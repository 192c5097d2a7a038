/// Turns the ids in a captured path into `{placeholders}`, so `/users/1001` and `/users/1002` are one endpoint.
///
/// A segment is an id when it is all digits, a UUID, 16 or more hex digits, a prefixed opaque id
/// (`cus_NffrFeUfNV2Hib`), or 10 or more letters, digits, `-` and `_` with at least one of each of
/// letters and digits. The placeholder is named after the segment before it, singular, plus
/// `_id` (`/users/42` → `/users/{user_id}`); without a usable segment before it, `{id}`, then
/// `{id2}`, … A name used twice in one path gets `2`, `3`, … appended.
enum PathTemplating {
    struct Result {
        var path: String
        /// The placeholders' names and the values seen, in path order.
        var parameters: [(name: String, value: String)]
    }

    static func template(_ path: String) -> Result {
        var segments: [String] = []
        var parameters: [(name: String, value: String)] = []
        var previous: String?
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            guard !segment.isEmpty, isIdentifier(segment) else {
                segments.append(segment)
                if !segment.isEmpty { previous = segment }
                continue
            }
            var name = previous.map { singular(EndpointNaming.identifier($0)) + "_id" } ?? "id"
            if name == "_id" { name = "id" }
            var unique = name
            var counter = 2
            while parameters.contains(where: { $0.name == unique }) {
                unique = name + String(counter)
                counter += 1
            }
            parameters.append((unique, CurlEncoding.unescape(segment)))
            segments.append("{\(unique)}")
            previous = nil
        }
        return Result(path: segments.joined(separator: "/"), parameters: parameters)
    }

    static func isIdentifier(_ segment: String) -> Bool {
        let characters = Array(segment)
        if characters.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        if isUUID(characters) { return true }
        if characters.count >= 16, characters.allSatisfy({ $0.isHexDigit }) { return true }
        guard characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return false
        }
        if let underscore = characters.firstIndex(of: "_"), (2...5).contains(underscore),
            characters[..<underscore].allSatisfy({ $0.isLowercase }), characters.count - underscore > 8,
            characters[(underscore + 1)...].allSatisfy({ $0.isLetter || $0.isNumber }),
            characters[(underscore + 1)...].contains(where: { $0.isUppercase || $0.isNumber })
        {
            return true
        }
        return characters.count >= 10 && characters.contains(where: \.isLetter)
            && characters.contains(where: \.isNumber)
    }

    private static func isUUID(_ characters: [Character]) -> Bool {
        guard characters.count == 36 else { return false }
        return characters.enumerated().allSatisfy { index, character in
            [8, 13, 18, 23].contains(index) ? character == "-" : character.isHexDigit
        }
    }

    /// A naive English singular: `categories` → `category`, `addresses` → `address`, `users` → `user`.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 3 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("sses") || word.hasSuffix("xes") || word.hasSuffix("ches") { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 1 { return String(word.dropLast()) }
        return word
    }
}
