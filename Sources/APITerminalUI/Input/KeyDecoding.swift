import CNcursesw

extension Key {
    /// Decodes what `wget_wch` returned, or `nil` for keys the UI ignores.
    static func decode(result: Int32, value: UInt32) -> Key? {
        if result == cn_key_code_yes() {
            switch Int32(value) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_NPAGE: return .pageDown
            case KEY_PPAGE: return .pageUp
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_ENTER: return .enter
            case KEY_BTAB: return .backTab
            case KEY_BACKSPACE: return .backspace
            case KEY_DC: return .delete
            default: return nil
            }
        }
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 96)!))
        default:
            guard value >= 32, let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}
