import APIMapping
import Foundation
import RawHTTPTesting
import Testing

/// Arrays longer than ``JSONShape/Limits/maxElements``: inference reads only their start, so the schema
/// must not constrain the elements after it, and drift must not judge elements against a partial shape.
struct JSONShapeElementCapTests {
    /// 1,500 elements: 1,000 alike objects with an enum-like `kind`, then one element of another type,
    /// another key set and another `kind`.
    static func longModel() -> String {
        var elements = (0..<1000).map { #"{"id": \#($0), "kind": "\#($0 % 2 == 0 ? "a" : "b")"}"# }
        elements += (1000..<1500).map { $0 == 1200 ? #"{"kind": "zzz", "extra": true}"# : #""odd""# }
        return #"{"items": ["# + elements.joined(separator: ", ") + "]}"
    }

    @Test func theSchemaValidatesAnEarlierModelWithAnOddElementPastTheCap() throws {
        let model = Self.longModel()
        let shape = JSONShape(inferringFrom: [try JSONDocument(parsing: model).root])
        let schema = shape.jsonSchema().jsonText()
        #expect(!schema.contains(#""enum""#), "\(schema)")
        #expect(try Self.validate(schema: schema, model: model) == "valid", "\(schema)")
    }

    @Test func driftSaysNothingOfElementsBelowACutArray() throws {
        let shape = JSONShape(inferringFrom: [try JSONDocument(parsing: Self.longModel()).root])
        let drift = shape.drift(of: try JSONDocument(parsing: #"{"items": [1, {"kind": "c"}]}"#).root, at: "data")
        #expect(drift.changes.isEmpty, "\(drift.changes)")
        #expect(drift.notes.isEmpty, "\(drift.notes)")
        let typeChange = shape.drift(of: try JSONDocument(parsing: #"{"items": "x"}"#).root, at: "data")
        #expect(typeChange.changes.map(\.description) == ["data>items: array → string"])
    }

    /// Runs PyPI's `jsonschema` (Draft202012Validator) as an outside check; fails naming the missing tool.
    static func validate(schema: String, model: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shape-cap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { _ = Result { try FileManager.default.removeItem(at: folder) } }
        let schemaFile = folder.appendingPathComponent("schema.json")
        let modelFile = folder.appendingPathComponent("model.json")
        try Data(schema.utf8).write(to: schemaFile)
        try Data(model.utf8).write(to: modelFile)
        let program = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("missing: the Python package jsonschema (pip install jsonschema)", file=sys.stderr)
                sys.exit(3)
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            print("valid" if jsonschema.Draft202012Validator(schema).is_valid(json.load(open(sys.argv[2]))) else "invalid")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, schemaFile.path, modelFile.path]
        let (output, errors) = try ProcessLaunch.run(process, piping: .output, .errors)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
        return String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
