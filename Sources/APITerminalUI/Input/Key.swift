/// A key press, as the state machine sees it, whichever backend read it.
///
/// ```swift
/// state.handle(.key(.character("j")))
/// state.handle(.key(.down))  // the same move
/// ```
package enum Key: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Ctrl plus a letter (`.control("c")`).
    case control(Character)
    /// ↑.
    case up
    /// ↓.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter / Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Esc.
    case escape
    /// Backspace: erases the character before the cursor.
    case backspace
    /// Delete (the forward-delete key): erases the character under the cursor.
    case delete

    /// Parses a compact key script: characters stand for themselves, `<enter>`, `<tab>`, `<s-tab>`, `<esc>`,
    /// `<bs>`, `<del>`, `<up>`, `<down>`, `<left>`, `<right>`, `<pgup>`, `<pgdn>`, `<home>`, `<end>`, `<c-x>` for the rest.
    ///
    /// Tests and headless scripts describe key sequences this way.
    ///
    /// ```swift
    /// Key.parse("/da<tab><enter>")  // [/, d, a, tab, enter]
    /// ```
    ///
    /// - Parameter script: The key script.
    /// - Returns: The keys; an unknown `<name>` is typed as its characters.
    package static func parse(_ script: String) -> [Key] {
        var keys: [Key] = []
        var rest = Substring(script)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">"),
                let key = named(rest[rest.index(after: rest.startIndex)..<close])
            {
                keys.append(key)
                rest = rest[rest.index(after: close)...]
            } else {
                keys.append(.character(first))
                rest = rest.dropFirst()
            }
        }
        return keys
    }

    private static func named(_ name: Substring) -> Key? {
        switch name.lowercased() {
        case "enter", "cr": return .enter
        case "tab": return .tab
        case "s-tab": return .backTab
        case "esc": return .escape
        case "bs": return .backspace
        case "del": return .delete
        case "up": return .up
        case "down": return .down
        case "left": return .left
        case "right": return .right
        case "pgup": return .pageUp
        case "pgdn": return .pageDown
        case "home": return .home
        case "end": return .end
        case "lt": return .character("<")
        case let other where other.hasPrefix("c-") && other.count == 3: return .control(other.last!)
        default: return nil
        }
    }
}
