/// Mapping several places of one document into one value (AlamofireCoreData's `Wrapper` idea).
extension JSONNodeDecoder {
    /// Decodes a value whose properties come from different places of the same document.
    ///
    /// Each entry of `paths` maps a coding key of `T` to a profile path from `root`; the other keys
    /// are read from `root` itself, as usual. The empty path is `root` itself, so a property can
    /// also hold the whole body. Only the top level of `T` is mapped; nested types decode normally.
    ///
    /// ```swift
    /// // {"data": {"items": [{"id": 1}, {"id": 2}]}, "meta": {"total": 2}, "msg": "ok"}
    /// struct Page: Decodable {
    ///     let items: [Item]
    ///     let total: Int
    ///     let msg: String          // not in `paths`: read from the root
    /// }
    /// let page = try JSONNodeDecoder().decode(
    ///     Page.self, from: body, paths: ["items": "data>items", "total": "meta>total"])
    /// ```
    ///
    /// A mapped path that is missing is a missing value (`decodeIfPresent` gives `nil`), reported
    /// with where it stopped:
    ///
    /// ```
    /// $.meta.total: path `meta>total` not found (stopped at $.meta: no key `total`)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode; it must decode through a keyed container.
    ///   - root: The node the paths start from, usually the body root.
    ///   - paths: Coding key (the Swift name, before any key strategy) to profile path.
    /// - Returns: The decoded value.
    /// - Throws: ``MappingError``, including ``MappingError/Reason/invalidPath`` for a path that
    ///   does not parse.
    public func decode<T: Decodable>(
        _ type: T.Type, from root: JSONNode, paths: [String: String]
    ) throws(MappingError) -> T {
        try decodeWithReport(type, from: root, paths: paths).value
    }

    /// Decodes a value whose properties come from different places of the same document, and
    /// reports every coercion, default and dropped element; see ``decode(_:from:paths:)``.
    ///
    /// ```swift
    /// let (page, report) = try JSONNodeDecoder(policy: .lenient).decodeWithReport(
    ///     Page.self, from: body, paths: ["items": "data>items", "total": "meta>total"])
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - root: The node the paths start from.
    ///   - paths: Coding key to profile path.
    /// - Returns: The value and the report.
    /// - Throws: ``MappingError``.
    public func decodeWithReport<T: Decodable>(
        _ type: T.Type, from root: JSONNode, paths: [String: String]
    ) throws(MappingError) -> (value: T, report: MappingReport) {
        let context = DecodingContext(storage: root.storage, options: self, recording: true)
        let position = context.position(of: root.index)
        var parsed: [String: ProfilePath] = [:]
        for (key, text) in paths {
            do {
                parsed[key] = try ProfilePath(text)
            } catch {
                throw MappingError(.invalidPath(key: key, error: error), at: context.location(position))
            }
        }
        let base = NodeDecoder(context: context, node: root.index, depth: position.depth, type: T.self)
        let decoder = PathMappedDecoder(base: base, paths: parsed)
        do {
            let value = try T(from: decoder)
            return (value, MappingReport(entries: context.entries))
        } catch {
            throw context.mappingError(from: error, fallback: position)
        }
    }
}

/// The decoder for the top level of a path-mapped value: its keyed container resolves mapped keys
/// through their paths; everything else is the ordinary decoder at the root.
final class PathMappedDecoder: Decoder {
    let base: NodeDecoder
    let paths: [String: ProfilePath]

    init(base: NodeDecoder, paths: [String: ProfilePath]) {
        self.base = base
        self.paths = paths
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(PathMappedContainer<Key>(decoder: base, paths: paths))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try base.unkeyedContainer() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { try base.singleValueContainer() }
}

/// A keyed container whose keys are found through profile paths, or as members of the root.
struct PathMappedContainer<Key: CodingKey>: PositionedKeyedContainer {
    let decoder: NodeDecoder
    let paths: [String: ProfilePath]
    private let root: Int
    private let depth: Int
    /// The root's members, when it is an object.
    private let members: MemberLookup?

    init(decoder: NodeDecoder, paths: [String: ProfilePath]) {
        self.decoder = decoder
        self.paths = paths
        self.root = decoder.node
        self.depth = decoder.depth
        let isObject = decoder.context.tag(root) == JSONTape.object
        self.members = isObject ? MemberLookup(object: root, depth: decoder.depth, context: decoder.context) : nil
    }

    var context: DecodingContext { decoder.context }
    private var rootNode: JSONNode { context.jsonNode(root) }

    var codingPath: [any CodingKey] { context.codingPath(root, depth: depth) }

    var allKeys: [Key] {
        var names = paths.keys.filter { paths[$0]?.select(in: rootNode) != nil }.sorted()
        if members != nil {
            for member in rootNode.members {
                let name = context.keyRule == .convertFromSnakeCase ? SnakeCase.convert(member.key) : member.key
                if paths[name] == nil, !names.contains(name) { names.append(name) }
            }
        }
        return names.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        if let path = paths[key.stringValue] { return path.select(in: rootNode) != nil }
        return members?.find(key.stringValue, context: context) != nil
    }

    /// Where `key`'s value is, or where it would be and why it is not there.
    private enum Resolution {
        case found(Position)
        /// A member of the root that is not there.
        case missingMember
        /// A mapped path that stops early.
        case missingPath(ProfilePath)
    }

    private func resolve(_ key: Key) -> Resolution {
        if let path = paths[key.stringValue] {
            guard let match = path.match(in: rootNode) else { return .missingPath(path) }
            return .found(context.position(of: match.node.index))
        }
        guard let value = members?.find(key.stringValue, context: context) else { return .missingMember }
        return .found(Position(parent: root, depth: depth, node: value, ordinal: Position.member))
    }

    func position(_ key: Key) throws -> Position {
        switch resolve(key) {
        case .found(let position):
            return position
        case .missingMember:
            throw context.missingKey(key, in: root, depth: depth)
        case .missingPath(let path):
            let notFound = path.notFound(in: rootNode)
            let message = "path `\(path)` not found (\(notFound.detail))"
            let error = MappingError(.reported(.missingValue, message: message, underlying: nil), at: notFound.missing)
            throw DecodingError.keyNotFound(key, context.context(error))
        }
    }

    func positionIfPresent(_ key: Key) -> Position? {
        switch resolve(key) {
        case .found(let position):
            if context.tag(position.node) == JSONTape.null {
                context.recordDefault(.null, at: context.location(position))
                return nil
            }
            return position
        case .missingMember:
            context.recordDefault(
                .missing, at: context.location(missing: context.jsonName(of: key), in: root, depth: depth))
            return nil
        case .missingPath(let path):
            context.recordDefault(.missing, at: path.notFound(in: rootNode).missing)
            return nil
        }
    }

    func superDecoder() throws -> any Decoder {
        guard let value = members?.find("super", context: context) else {
            throw context.missingKey(PathKey(.key("super")), in: root, depth: depth)
        }
        return decoder.detached(at: Position(parent: root, depth: depth, node: value, ordinal: Position.member))
    }

}
