import APIClient
import APIMapping
public import Foundation

/// Reads an OpenAPI 3.0 / 3.1 or Swagger 2.0 description (JSON or YAML, possibly split over many
/// files joined by relative `$ref`s) and drafts a profile from it.
///
/// ```swift
/// let importer = OpenAPIImporter(options: .init(name: "petstore"))
/// let result = try importer.importDescription(at: URL(fileURLWithPath: "petstore.yaml"))
/// result.draft.baseURL            // "http://petstore.swagger.io/v1"
/// result.draft.endpoints.map(\.id) // ["list_pets", "create_pets", "show_pet_by_id"]
/// result.warnings                 // what was skipped, with where
/// ```
public struct OpenAPIImporter: Sendable {
    /// How an import reads references and names the profile.
    public struct Options: Sendable {
        /// Whether `http(s)://` references may be followed (only with ``fetch``). Default `false`.
        public var allowRemoteRefs: Bool
        /// The profile name; `nil` derives it from `info.title`.
        public var name: String?
        /// Reads a remote document; used only when ``allowRemoteRefs`` is on.
        public var fetch: (@Sendable (URL) throws -> Data)?
        /// The folder local `$ref`s must stay inside; `nil` is the entry file's folder.
        public var referenceRoot: URL?

        /// Creates options; the defaults refuse remote references, keep local ones inside the
        /// entry file's folder and derive the name.
        public init(
            allowRemoteRefs: Bool = false, name: String? = nil, fetch: (@Sendable (URL) throws -> Data)? = nil,
            referenceRoot: URL? = nil
        ) {
            self.allowRemoteRefs = allowRemoteRefs
            self.name = name
            self.fetch = fetch
            self.referenceRoot = referenceRoot
        }
    }

    /// The options of this importer.
    public var options: Options

    /// Creates an importer.
    ///
    /// - Parameter options: How references are read and the profile named.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Imports the description in a file; relative references resolve against its folder.
    ///
    /// - Parameter fileURL: The entry file (`openapi.yaml`, `swagger.json`).
    /// - Throws: ``ImportError`` when a file cannot be read or parsed, the version is not 2.0, 3.0 or
    ///   3.1, a reference is missing, remote (and refused) or part of a cycle.
    public func importDescription(at fileURL: URL) throws(ImportError) -> OpenAPIImport {
        let url = fileURL.standardizedFileURL
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(url)
        } catch {
            throw .unreadableFile(url.path, error.description)
        }
        return try importDescription(data: Data(bytes), location: url)
    }

    /// Imports a description already in memory; `location` is where relative references resolve from.
    ///
    /// - Parameters:
    ///   - data: The description's bytes (JSON or YAML, UTF-8).
    ///   - location: Its file or remote URL.
    /// - Throws: ``ImportError``, as ``importDescription(at:)``.
    public func importDescription(data: Data, location: URL) throws(ImportError) -> OpenAPIImport {
        let loaded = try load(data: data, location: location)
        let (store, tree, version) = (loaded.store, loaded.root.value, loaded.version)
        var warnings = loaded.warnings
        let location = loaded.root.file
        var builder = DraftBuilder(
            store: store, root: Located(value: tree, file: location, pointer: "#"), version: version)
        var draft = try builder.build(name: options.name)
        var inference = EnvelopeInference(store: store)
        try inference.apply(to: &draft, schemas: builder.responseSchemas, examples: builder.responseExamples)
        try inference.inferTip(into: &draft, errorSchemas: builder.errorSchemas)
        var paging = PaginationInference(store: store)
        try paging.apply(to: &draft, schemas: builder.responseSchemas, headers: builder.responseHeaders)
        warnings += builder.warnings
        return OpenAPIImport(draft: draft, warnings: warnings, version: version, fileCount: store.fileCount)
    }

    /// A description read into a store (Swagger 2.0 converted to 3.0), its referenced files loaded.
    struct Loaded {
        let store: SourceStore
        let root: Located
        let version: String
        let warnings: [String]
    }

    /// Reads a description and every file its references reach.
    func load(data: Data, location: URL) throws(ImportError) -> Loaded {
        let location = location.isFileURL ? location.standardizedFileURL : location
        let store = SourceStore(
            root: location, referenceRoot: options.referenceRoot, allowRemoteRefs: options.allowRemoteRefs,
            fetch: options.fetch)
        var tree = try SourceParser.parse([UInt8](data), name: store.displayName(location))
        store.register(tree, at: location)
        var warnings: [String] = []
        let version: String
        if let openapi = tree.objectValue?["openapi"]?.stringValue {
            guard openapi.hasPrefix("3.0") || openapi.hasPrefix("3.1") else {
                throw .unsupportedVersion(
                    store.displayName(location), "OpenAPI \(openapi) is not supported (3.0 and 3.1 are)")
            }
            version = openapi
        } else if let swagger = tree.objectValue?["swagger"], Self.text(swagger) == "2.0" {
            version = "2.0"
            var converter = Swagger2Converter(store: store, rootFile: location)
            tree = try converter.convert(Located(value: tree, file: location, pointer: "#"))
            warnings += converter.warnings
            store.register(tree, at: location)
        } else {
            throw .unsupportedVersion(
                store.displayName(location), "neither an `openapi` nor a `swagger: \"2.0\"` key at the top")
        }
        store.preloadReferencedFiles(from: location)
        return Loaded(
            store: store, root: Located(value: tree, file: location, pointer: "#"), version: version, warnings: warnings
        )
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .number(let number): number.text
        default: nil
        }
    }
}

/// The result of an import: the draft and what was skipped or unsupported.
public struct OpenAPIImport: Sendable {
    /// The drafted profile.
    public var draft: ProfileDraft
    /// What the import skipped, defaulted or could not express, each with where (`file#/pointer`).
    public var warnings: [String]
    /// The description's version (`3.0.3`, `3.1.0`, `2.0`).
    public var version: String
    /// How many files were read (the entry file and every file a reference reached).
    public var fileCount: Int
}
