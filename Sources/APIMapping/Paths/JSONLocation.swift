import Foundation

/// Where a value sits in a document: the keys and array positions from the root down.
///
/// Every path language resolves to locations, and every location prints in each language, so a
/// value found with one syntax can be shown or re-used in another:
///
/// ```swift
/// let location: JSONLocation = [.key("data"), .key("list"), .index(0), .key("id")]
/// location.normalizedPath  // $['data']['list'][0]['id']   (RFC 9535 normalized path)
/// location.jsonPointer     // /data/list/0/id              (RFC 6901)
/// location.profilePath     // data>list>0>id               (profile path)
/// location.description     // $.data.list[0].id            (for messages)
/// ```
public struct JSONLocation: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step: an object key or an array position.
    public enum Component: Hashable, Sendable {
        /// A member of an object.
        case key(String)
        /// An element of an array, from 0.
        case index(Int)
    }

    /// The steps from the root; empty for the root itself.
    public var components: [Component]

    /// Creates a location from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The location of the root value.
    public static let root = JSONLocation()

    /// This location extended by one step.
    public func appending(_ component: Component) -> JSONLocation {
        var copy = self
        copy.components.append(component)
        return copy
    }

    /// The RFC 9535 normalized path: `$['a'][0]`, with `'`, `\` and control characters escaped.
    public var normalizedPath: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key):
                text += "['"
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "'": text += "\\'"
                    case "\\": text += "\\\\"
                    case "\u{08}": text += "\\b"
                    case "\u{0C}": text += "\\f"
                    case "\n": text += "\\n"
                    case "\r": text += "\\r"
                    case "\t": text += "\\t"
                    case "\u{00}"..."\u{1F}": text += "\\u" + hex4(UInt16(scalar.value)).lowercased()
                    default: text.unicodeScalars.append(scalar)
                    }
                }
                text += "']"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The RFC 6901 JSON Pointer: `/a~1b/0` (`~` as `~0`, `/` as `~1`); the root is the empty string.
    public var jsonPointer: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .key(let key):
                text += JSONPointer.escaped(token: key)
            case .index(let index):
                text += String(index)
            }
        }
        return text
    }

    /// The profile path: segments joined by `>`, with `\` and `>` escaped; the root is the empty string.
    public var profilePath: String {
        components.map { component in
            switch component {
            case .key(let key):
                ProfilePath.escaped(key: key)
            case .index(let index):
                String(index)
            }
        }.joined(separator: ">")
    }

    /// A readable path for messages: `$.data.items[3].id`; keys that are not identifiers use `['…']`.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key) where Self.isIdentifier(key):
                text += "." + key
            case .key(let key):
                text += JSONLocation([.key(key)]).normalizedPath.dropFirst()
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}

extension JSONNode {
    /// The value at `location`, or `nil` when a step is missing or meets the wrong kind.
    ///
    /// A `.key` step on an object finds the last member with that key.
    public subscript(location: JSONLocation) -> JSONNode? {
        var node = self
        for component in location.components {
            switch component {
            case .key(let key):
                guard let next = node[key] else { return nil }
                node = next
            case .index(let index):
                guard let next = node[index] else { return nil }
                node = next
            }
        }
        return node
    }
}
