import APIMapping

/// Reads `http-client.env.json` and `http-client.private.env.json` (JetBrains), and VS Code's
/// `rest-client.environmentVariables` shape (an object of environments with a `$shared` one).
///
/// ```json
/// {"dev": {"host": "localhost:8080"}, "prod": {"host": "api.example.com"}}
/// ```
///
/// Values of the private file are secrets: they become `${env:…}` placeholders and are written
/// nowhere. Object values (JetBrains' `Security` settings) are noted and left out.
public enum HTTPClientEnvironment {
    /// Reads one environment file.
    ///
    /// - Parameters:
    ///   - text: The file's JSON.
    ///   - file: How errors name it.
    ///   - secret: Whether its values are secrets (the private file).
    /// - Returns: The environments in file order, `$shared` as a separate list, and notes.
    /// - Throws: ``CollectionImportError`` when it is not a JSON object of objects.
    public static func read(_ text: String, file: String, secret: Bool) throws(CollectionImportError)
        -> (environments: [CollectionEnvironment], shared: [CollectionVariable], notes: [String])
    {
        let root = try PostmanNodes.parse(text, file: file)
        let locator = JSONLocator(text: text, file: file)
        guard root.kind == .object else {
            throw locator.error("expected an object of environments", at: root, path: "$")
        }
        var environments: [CollectionEnvironment] = []
        var shared: [CollectionVariable] = []
        var notes: [String] = []
        for member in root.members {
            guard member.value.kind == .object else {
                throw locator.error("expected an object of variables", at: member.value, path: "$['\(member.key)']")
            }
            var variables: [CollectionVariable] = []
            for variable in member.value.members {
                guard let value = PostmanNodes.text(variable.value) else {
                    notes.append("\(file): '\(variable.key)' of '\(member.key)' is not a string or number; left out")
                    continue
                }
                variables.append(CollectionVariable(name: variable.key, value: value, secret: secret))
            }
            if member.key == "$shared" {
                shared += variables
            } else {
                environments.append(CollectionEnvironment(name: member.key, variables: variables))
            }
        }
        return (environments, shared, notes)
    }

    /// Adds the environments of a file to a collection: same-named environments merge (the
    /// private file's values win), `$shared` values join the collection's variables.
    public static func merge(
        _ read: (environments: [CollectionEnvironment], shared: [CollectionVariable], notes: [String]),
        into collection: inout APICollection
    ) {
        for environment in read.environments {
            if let index = collection.environments.firstIndex(where: { $0.name == environment.name }) {
                for variable in environment.variables {
                    collection.environments[index].variables.removeAll { $0.name == variable.name }
                    collection.environments[index].variables.append(variable)
                }
            } else {
                collection.environments.append(environment)
            }
        }
        for variable in read.shared where !collection.variables.contains(where: { $0.name == variable.name }) {
            collection.variables.append(variable)
        }
        collection.notes += read.notes
    }
}
