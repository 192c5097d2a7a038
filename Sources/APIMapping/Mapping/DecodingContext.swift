import Foundation

/// Where a value is being decoded, cheap to pass around: the container it sits in and how to
/// name the step from there. Locations are only built from it when an error or a report entry
/// needs one.
struct Position {
    /// The container node (or the value itself when ``ordinal`` is ``Position/itself``).
    let parent: Int
    /// The depth of `parent`: `frames[depth - 1]` describes it.
    let depth: Int
    /// The value node.
    let node: Int
    /// The array position of `node` in `parent`; ``Position/member`` for an object member (its
    /// key is the node just before it); ``Position/itself`` when `node` is `parent`.
    let ordinal: Int

    static let member = -1
    static let itself = -2

    /// The position of a container's own node.
    init(itself node: Int, depth: Int) {
        self.init(parent: node, depth: depth, node: node, ordinal: Self.itself)
    }

    init(parent: Int, depth: Int, node: Int, ordinal: Int) {
        self.parent = parent
        self.depth = depth
        self.node = node
        self.ordinal = ordinal
    }
}

/// The state of one top-level decode: the document, the options, the path from the root to the
/// value being decoded, and the report.
///
/// The path is a stack of frames from the document root, pushed when decoding descends into a
/// nested value and truncated when a container at a shallower depth is used again. A container
/// checks that the frame at its depth is still its own node; when user code interleaves nested
/// containers and the frame was overwritten, the chain is rebuilt from the tape (rare, and
/// correct either way). That way no path is built while decoding succeeds, and building one for
/// an error or a report entry costs one step per level.
final class DecodingContext {
    let storage: JSONDocument.Storage
    let nodes: [JSONTape.Node]
    let bytes: [UInt8]
    let lenient: Bool
    let keyRule: KeyDecodingStrategy.Rule
    let dateStrategy: DateDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether report entries are kept (``JSONNodeDecoder/decodeWithReport(_:from:)``).
    let recording: Bool
    private(set) var entries: [MappingReport.Entry] = []
    private(set) var frames: [Frame] = []
    private var dateFormatter: DateFormatter?
    /// One member table per nesting depth (see ``MemberTable``), owned by the context.
    private var memberTables: [UnsafeMutablePointer<MemberTable>] = []

    /// One step of the path: a node and its position in its parent (see ``Position/ordinal``).
    struct Frame {
        let node: Int
        let ordinal: Int
    }

    init(storage: JSONDocument.Storage, options: JSONNodeDecoder, recording: Bool) {
        self.storage = storage
        self.nodes = storage.nodes
        self.bytes = storage.bytes
        self.lenient = options.policy == .lenient
        self.keyRule = options.keyStrategy.rule
        self.dateStrategy = options.dateStrategy
        var userInfo: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { userInfo[key] = value }
        self.userInfo = userInfo
        self.recording = recording
        frames.reserveCapacity(32)
    }

    deinit {
        for table in memberTables {
            table.pointee.deallocate()
            table.deinitialize(count: 1)
            table.deallocate()
        }
    }

    /// The member table for containers at `depth`; its address stays valid for the context's life.
    func memberTable(depth: Int) -> UnsafeMutablePointer<MemberTable> {
        while memberTables.count <= depth {
            let table = UnsafeMutablePointer<MemberTable>.allocate(capacity: 1)
            table.initialize(to: MemberTable())
            memberTables.append(table)
        }
        return memberTables[depth]
    }

    @inline(__always) func tag(_ node: Int) -> UInt32 { nodes[node].header & JSONTape.kindMask }

    // MARK: Path frames

    /// Makes the frames the chain from the root to `node`, which sits at `depth`.
    @inline(__always)
    func enter(_ node: Int, depth: Int) {
        if depth <= frames.count && frames[depth - 1].node == node {
            if frames.count > depth { frames.removeLast(frames.count - depth) }
        } else {
            rebuildFrames(to: node)
        }
    }

    /// Enters the value at `position` and returns its depth.
    @inline(__always)
    func enterChild(_ position: Position) -> Int {
        enter(position.parent, depth: position.depth)
        if position.ordinal == Position.itself { return position.depth }
        frames.append(Frame(node: position.node, ordinal: position.ordinal))
        return position.depth + 1
    }

    /// The position of any node, found by walking down from the root.
    func position(of node: Int) -> Position {
        rebuildFrames(to: node)
        return Position(itself: node, depth: frames.count)
    }

    /// Replaces the frames with the chain from the root to `target`.
    private func rebuildFrames(to target: Int) {
        frames.removeAll(keepingCapacity: true)
        jsonNode(target).visitAncestry { frames.append(Frame(node: $0, ordinal: $1)) }
    }

    // MARK: Locations

    /// The location of the value at `position`, from the document root.
    func location(_ position: Position) -> JSONLocation {
        enter(position.parent, depth: position.depth)
        var location = chainLocation(depth: position.depth)
        switch position.ordinal {
        case Position.itself: break
        case Position.member: location.components.append(.key(string(at: position.node - 1)))
        default: location.components.append(.index(position.ordinal))
        }
        return location
    }

    /// The location of the container at `depth`, extended by a key that is not in it.
    func location(missing key: String, in node: Int, depth: Int) -> JSONLocation {
        enter(node, depth: depth)
        var location = chainLocation(depth: depth)
        location.components.append(.key(key))
        return location
    }

    private func chainLocation(depth: Int) -> JSONLocation {
        var components: [JSONLocation.Component] = []
        components.reserveCapacity(depth)
        for frame in frames[1..<depth] {
            components.append(frame.ordinal >= 0 ? .index(frame.ordinal) : .key(string(at: frame.node - 1)))
        }
        return JSONLocation(components)
    }

    /// The coding path of a container, as keys from the document root.
    func codingPath(_ node: Int, depth: Int) -> [any CodingKey] {
        enter(node, depth: depth)
        return chainLocation(depth: depth).components.map(PathKey.init)
    }

    /// The decoded string of a string (or key) node.
    func string(at node: Int) -> String {
        let record = nodes[node]
        return bytes.withUnsafeBufferPointer { bytes in
            let content = UnsafeBufferPointer(rebasing: bytes[Int(record.offset)..<Int(record.offset + record.length)])
            if record.header & JSONTape.notVerbatim == 0 {
                return String(decoding: content, as: UTF8.self)
            }
            return JSONStringDecoding.unescape(content)
        }
    }

    /// The node as a public cursor, for the JSON model's own accessors.
    func jsonNode(_ node: Int) -> JSONNode { JSONNode(storage: storage, index: node) }

    // MARK: Report

    /// Records a coercion of the value at `position` to `type`.
    func recordCoercion(at position: Position, to type: String) {
        guard recording else { return }
        let found = JSONExcerpt.describe(jsonNode(position.node))
        entries.append(MappingReport.Entry(.coerced(from: found, to: type), at: location(position)))
    }

    /// Records an optional value that became `nil`.
    func recordDefault(_ absence: MappingReport.Absence, at location: @autoclosure () -> JSONLocation) {
        guard recording else { return }
        entries.append(MappingReport.Entry(.defaulted(absence), at: location()))
    }

    /// Records a dropped element and forgets what was recorded while decoding it.
    func recordDrop(at position: Position, reason: MappingError, since mark: Int) {
        guard recording else { return }
        entries.removeLast(entries.count - mark)
        entries.append(MappingReport.Entry(.droppedElement(reason: reason.description), at: location(position)))
    }

    var entryCount: Int { entries.count }

    // MARK: Dates

    /// The formatter for ``DateDecodingStrategy/formatted(_:)``, made once per decode.
    func formatter(_ format: String) -> DateFormatter {
        if let dateFormatter { return dateFormatter }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        dateFormatter = formatter
        return formatter
    }
}

/// A coding key naming one step of a location, as the decoder's `codingPath` reports it.
struct PathKey: CodingKey {
    let component: JSONLocation.Component

    init(_ component: JSONLocation.Component) { self.component = component }
    init(stringValue: String) { component = .key(stringValue) }
    init(intValue: Int) { component = .index(intValue) }

    var stringValue: String {
        switch component {
        case .key(let key): key
        case .index(let index): "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = component { index } else { nil }
    }
}
