/// Endpoint ids: `[A-Za-z0-9_-]`, from the method and path, unique with `_2`, `_3`, … suffixes.
struct EndpointNaming {
    private var used: Set<String> = []

    /// Naming that avoids `taken` too (a profile's ids, when endpoints are added to it).
    init(taken: some Sequence<String> = []) {
        used = Set(taken)
    }

    /// `GET /users/{user_id}/repos` → `get_users_user_id_repos`;
    /// `POST /chat.postMessage` → `post_chat_postMessage`.
    /// An absolute path (a request to another server) is named by its path alone.
    static func id(method: String, path: String) -> String {
        let path = RequestURL(path)?.path ?? path
        let words = path.split(separator: "/").map { identifier(withoutPlaceholders($0)) }.filter { !$0.isEmpty }
        return ([method.lowercased()] + (words.isEmpty ? ["root"] : words)).joined(separator: "_")
    }

    /// A segment without its `${…}` placeholders, which may stand for secrets and say nothing of
    /// the endpoint: `bot${env:TELEGRAM_BOT_TOKEN}` → `bot`.
    private static func withoutPlaceholders(_ segment: Substring) -> String {
        var result = ""
        var rest = segment
        while let open = rest.firstRange(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { return result }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Keeps `A-Z a-z 0-9 _ -`, turns runs of anything else into one `_`, trims `_` at the ends.
    static func identifier(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isASCII, character.isLetter || character.isNumber || character == "-" || character == "_" {
                out.append(character)
            } else if !out.hasSuffix("_") {
                out.append("_")
            }
        }
        return String(out.drop { $0 == "_" }.reversed().drop { $0 == "_" }.reversed())
    }

    /// `id`, or `id_2`, `id_3`, … when taken.
    mutating func unique(_ id: String) -> String {
        let base = Self.identifier(id).isEmpty ? "endpoint" : Self.identifier(id)
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
