/// The errors the containers throw, and their conversion to ``MappingError`` at the entry point.
///
/// Inside `init(from:)` the containers throw ordinary `DecodingError`s, so types that catch
/// `DecodingError.keyNotFound` or `typeMismatch` to fall back keep working. Each carries the
/// finished ``MappingError`` as its `underlyingError`; errors a type builds itself are placed
/// with their coding path.
extension DecodingContext {
    /// The error for a value at `position` that is not what `type` needs (`expected` names it in
    /// the message); `null` gives a `valueNotFound`.
    func mismatch(
        _ type: Any.Type, expected: String? = nil, at position: Position, note: String? = nil
    ) -> DecodingError {
        let node = jsonNode(position.node)
        let expected = expected ?? typeName(type)
        let location = location(position)
        if node.isNull {
            let error = MappingError(.null(expected: expected), at: location)
            return .valueNotFound(type, context(error))
        }
        let found = JSONExcerpt.describe(node)
        let error = MappingError(.mismatch(expected: expected, found: found, note: note), at: location)
        return .typeMismatch(type, context(error))
    }

    /// The error for a key the object at `node` lacks.
    func missingKey(_ key: any CodingKey, in node: Int, depth: Int) -> DecodingError {
        let location = self.location(Position(itself: node, depth: depth))
        let error = MappingError(.missingKey(jsonName(of: key)), at: location)
        return .keyNotFound(key, context(error))
    }

    /// The error for reading past the end of the array at `node`.
    func missingElement(_ type: Any.Type, index: Int, in node: Int, depth: Int) -> DecodingError {
        let location = self.location(Position(itself: node, depth: depth))
        let error = MappingError(.missingElement(expected: typeName(type), index: index), at: location)
        return .valueNotFound(type, context(error))
    }

    /// An error that is not a `DecodingError`, thrown while decoding the value at `position`,
    /// wrapped so it keeps that location.
    func wrapped(_ error: any Error, at position: Position) -> DecodingError {
        if let decodingError = error as? DecodingError { return decodingError }
        let mappingError =
            error as? MappingError
            ?? MappingError(.reported(.other, message: "\(error)", underlying: error), at: location(position))
        return .dataCorrupted(context(mappingError))
    }

    func context(_ error: MappingError) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: error.location.components.map(PathKey.init), debugDescription: error.message,
            underlyingError: error)
    }

    /// How messages name a Swift type: `Int`, `[Item]`, `[String: Int]`, `Item?`.
    func typeName(_ type: Any.Type) -> String {
        TypeName.readable(String(describing: type))
    }

    /// How a coding key is spelled in JSON under the key strategy (for messages and report
    /// entries about missing keys).
    func jsonName(of key: any CodingKey) -> String {
        switch keyRule {
        case .useDefaultKeys: key.stringValue
        case .convertFromSnakeCase: SnakeCase.snakeCased(key.stringValue)
        }
    }

    // MARK: Conversion at the entry point

    /// The ``MappingError`` for anything thrown while decoding; `fallback` places errors that
    /// carry no location.
    func mappingError(from error: any Error, fallback: Position) -> MappingError {
        if let error = error as? MappingError { return error }
        guard let decodingError = error as? DecodingError else {
            return MappingError(.reported(.other, message: "\(error)", underlying: error), at: location(fallback))
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            if let own = context.underlyingError as? MappingError { return own }
            return reported(.typeMismatch, context, default: "expected \(typeName(type))", decodingError)
        case .valueNotFound(let type, let context):
            if let own = context.underlyingError as? MappingError { return own }
            return reported(.missingValue, context, default: "expected \(typeName(type)), found nothing", decodingError)
        case .keyNotFound(let key, let context):
            if let own = context.underlyingError as? MappingError { return own }
            return MappingError(.missingKey(jsonName(of: key)), at: location(of: context.codingPath))
        case .dataCorrupted(let context):
            if let own = context.underlyingError as? MappingError { return own }
            return reported(.invalidValue, context, default: "invalid value", decodingError)
        @unknown default:
            return MappingError(.reported(.other, message: "\(error)", underlying: error), at: location(fallback))
        }
    }

    private func reported(
        _ reason: MappingError.Reason, _ context: DecodingError.Context, default text: String, _ error: DecodingError
    ) -> MappingError {
        let message = context.debugDescription.isEmpty ? text : context.debugDescription
        return MappingError(
            .reported(reason, message: message, underlying: context.underlyingError ?? error),
            at: location(of: context.codingPath))
    }

    /// The location a coding path names. Our own keys carry exact steps; a type's own keys are
    /// matched against the JSON with the key strategy, so `userId` becomes `$.user_id` when that is
    /// the member it read.
    func location(of codingPath: [any CodingKey]) -> JSONLocation {
        var location = JSONLocation()
        var node: JSONNode? = jsonNode(0)
        for key in codingPath {
            if let key = key as? PathKey {
                location.components.append(key.component)
                switch key.component {
                case .key(let name): node = node?[name]
                case .index(let index): node = node?[index]
                }
                continue
            }
            switch node?.kind {
            case .array? where key.intValue != nil:
                location.components.append(.index(key.intValue!))
                node = node?[key.intValue!]
            case .object?:
                let member = node.flatMap { MemberLookup(linearIn: $0.index).find(key.stringValue, context: self) }
                if let member {
                    location.components.append(.key(string(at: member - 1)))
                    node = jsonNode(member)
                } else {
                    location.components.append(.key(jsonName(of: key)))
                    node = nil
                }
            default:
                location.components.append(key.intValue.map { .index($0) } ?? .key(key.stringValue))
                node = nil
            }
        }
        return location
    }
}
