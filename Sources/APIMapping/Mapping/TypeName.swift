/// Type names as Swift code writes them: `Array<Optional<Int>>` reads `[Int?]`.
enum TypeName {
    static func readable(_ name: String) -> String {
        var parser = Parser(scalars: Array(name.unicodeScalars))
        let type = parser.type()
        // Anything the small grammar does not cover (closures, tuples) is shown as the runtime prints it.
        return parser.i == parser.scalars.count ? type : name
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var i = 0

        mutating func type() -> String {
            var base = String.UnicodeScalarView()
            while i < scalars.count, !"<>, ".unicodeScalars.contains(scalars[i]) {
                base.append(scalars[i])
                i += 1
            }
            let name = String(base)
            guard i < scalars.count, scalars[i] == "<" else { return name }
            i += 1
            var arguments: [String] = []
            while i < scalars.count {
                arguments.append(type())
                if i < scalars.count, scalars[i] == "," {
                    i += 1
                    while i < scalars.count, scalars[i] == " " { i += 1 }
                    continue
                }
                break
            }
            guard i < scalars.count, scalars[i] == ">" else { return name }
            i += 1
            switch (name, arguments.count) {
            case ("Array", 1): return "[\(arguments[0])]"
            case ("Optional", 1): return "\(arguments[0])?"
            case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
            default: return "\(name)<\(arguments.joined(separator: ", "))>"
            }
        }
    }
}
