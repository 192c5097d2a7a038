import Foundation
import Testing

@testable import APIMapping

/// Hostile XML from defusedxml and PayloadsAllTheThings (`Fixtures/xml-attacks`): every document is
/// refused or converted without expanding, fetching or reading anything.
@Suite struct XMLToJSONAttackTests {
    enum Outcome: Sendable {
        case refused(XMLConversionError.Kind, line: Int)
        case converted(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let outcome: Outcome
        var testDescription: String { file }
    }

    @Test(arguments: [
        // Entity declarations are refused where they start, before the parser sees them.
        Case(file: "defusedxml/xmlbomb.xml", outcome: .refused(.entityDeclaration, line: 2)),
        Case(file: "defusedxml/xmlbomb2.xml", outcome: .refused(.entityDeclaration, line: 2)),
        Case(file: "defusedxml/quadratic.xml", outcome: .refused(.entityDeclaration, line: 2)),
        Case(file: "defusedxml/cyclic.xml", outcome: .refused(.entityDeclaration, line: 2)),
        Case(file: "defusedxml/external.xml", outcome: .refused(.entityDeclaration, line: 2)),
        Case(file: "defusedxml/external_file.xml", outcome: .refused(.entityDeclaration, line: 2)),
        Case(
            file: "payloadsallthethings/Deny_Of_Service_-_Billion_Laugh_Attack",
            outcome: .refused(.entityDeclaration, line: 2)),
        Case(file: "payloadsallthethings/Classic_XXE.xml", outcome: .refused(.entityDeclaration, line: 4)),
        Case(file: "payloadsallthethings/Classic_XXE_-_etc_passwd.xml", outcome: .refused(.entityDeclaration, line: 4)),
        Case(file: "payloadsallthethings/Classic_XXE_B64_Encoded.xml", outcome: .refused(.entityDeclaration, line: 1)),
        Case(file: "payloadsallthethings/XXE_PHP_Wrapper.xml", outcome: .refused(.entityDeclaration, line: 1)),
        // Prose around the payload: the declarations in the text are found before the parser would
        // complain about the prose.
        Case(
            file: "payloadsallthethings/XXE_OOB_Attack_Yunusov_2013.xml", outcome: .refused(.entityDeclaration, line: 7)
        ),
        // An external DTD is never loaded; the document converts without it.
        Case(file: "defusedxml/dtd.xml", outcome: .converted(#"{"html":{"head":"","body":"text"}}"#)),
        Case(file: "defusedxml/dtd_element.xml", outcome: .converted(#"{"test":{"node":"A test"}}"#)),
        Case(
            file: "defusedxml/simple.xml",
            outcome: .converted(
                ##"{"root":{"element":[{"@key":"value","#text":"text"},"text"],"empty-element":"","#text":"tail"}}"##)),
        Case(
            file: "defusedxml/simple-ns.xml",
            outcome: .converted(
                ##"{"root":{"@xmlns":"namespace","element":[{"@key":"value","#text":"text"},"text"],"##
                    + ##""empty-element":"","#text":"tail"}}"##)),
        // Schemas and stylesheets are only data: nothing is imported or executed.
        Case(
            file: "defusedxml/schema-include.xsd",
            outcome: .converted(
                #"{"xsd:schema":{"@xmlns:xsd":"http://www.w3.org/2001/XMLSchema","xsd:import":[{"#
                    + #""@namespace":"http://www.w3.org/XML/1998/namespace","@schemaLocation":"#
                    + #""http://www.w3.org/2001/xml.xsd"},{"@namespace":"https://example.invalid/namespace","#
                    + #""@schemaLocation":"https://example.invalid/invalid.xsd"}],"#
                    + #""xsd:element":{"@name":"root","@type":"xsd:boolean"}}}"#)),
        Case(
            file: "defusedxml/xalan_write.xsl",
            outcome: .converted(
                #"{"xsl:stylesheet":{"@version":"1.0","@xmlns:xsl":"http://www.w3.org/1999/XSL/Transform","#
                    + #""@xmlns:redirect":"http://xml.apache.org/xalan/redirect","#
                    + #""@extension-element-prefixes":"redirect","#
                    + #""xsl:output":{"@omit-xml-declaration":"yes","@indent":"yes"},"#
                    + #""xsl:template":{"@match":"/","redirect:write":{"@file":"xalan_redirect.txt","#
                    + #""@method":"text","xsl:text":"Something bad happens here!"}}}}"#)),
    ])
    func hostileFile(_ testCase: Case) throws {
        let bytes = try Fixtures.bytes("xml-attacks/\(testCase.file)")
        let result = Result { () throws(XMLConversionError) in try XMLToJSON.convert(bytes) }
        try Self.expectNothingLeaked(result, input: bytes)
        switch (testCase.outcome, result) {
        case (.refused(let kind, let line), .failure(let error)):
            #expect(error.kind == kind)
            #expect(error.line == line)
        case (.converted(let json), .success(let value)):
            #expect(value.jsonText() == json)
        default:
            Issue.record("expected \(testCase.outcome), got \(result)")
        }
    }

    @Test func xalanExecStylesheetIsOnlyData() throws {
        let bytes = try Fixtures.bytes("xml-attacks/defusedxml/xalan_exec.xsl")
        let value = try XMLToJSON.convert(bytes)
        let document = JSONDocument(value)
        let variables = try #require(
            try ProfilePath("xsl:stylesheet>xsl:template>xsl:variable").select(in: document.root))
        #expect(variables.count == 3)
        #expect(variables[0]?["@select"]?.stringValue == "rt:getRuntime()")
    }

    static func lines(of file: String) throws -> [String] {
        let text = String(decoding: try Fixtures.bytes("xml-attacks/payloadsallthethings/\(file)"), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    @Test(arguments: ["XXE_Fuzzing.txt", "xml-attacks.txt"])
    func fuzzCorpusLine(file: String) throws {
        let lines = try Self.lines(of: file)
        #expect(lines.count > 40)
        var converted = 0
        for line in lines {
            let bytes = Array(line.utf8)
            let result = Result { () throws(XMLConversionError) in try XMLToJSON.convert(bytes) }
            try Self.expectNothingLeaked(result, input: bytes)
            switch result {
            case .success:
                converted += 1
                #expect(!line.contains("<!ENTITY"), "converted a line with an entity declaration: \(line)")
            case .failure(let error):
                if line.contains("<!ENTITY") {
                    #expect(error.kind == .entityDeclaration, "\(line): \(error)")
                }
            }
        }
        // Some lines are plain XML (an XML-RPC call, CDATA tricks) and convert.
        #expect(converted > 0)
    }

    /// Content of local files the payloads name (`file:///etc/passwd`, …) that exist here; none may
    /// appear in any output.
    static let localSecrets: [String] = {
        var secrets: [String] = []
        for path in ["/etc/passwd", "/sys/power/image_size", "/etc/hostname"] {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let lines = String(decoding: data.prefix(4096), as: UTF8.self).split(separator: "\n")
            secrets += lines.prefix(3).map(String.init).filter { $0.count >= 6 }
        }
        return secrets + ["root:x:0:0"]
    }()

    /// Checks that neither the JSON nor the error message carries a local file's content, and that
    /// the output is not larger than the input could make it without entity expansion.
    static func expectNothingLeaked(_ result: Result<JSONValue, XMLConversionError>, input: [UInt8]) throws {
        let output: String
        switch result {
        case .success(let value): output = value.jsonText()
        case .failure(let error): output = error.description
        }
        for secret in localSecrets {
            #expect(!output.contains(secret), "output contains local file content \(secret)")
        }
        // Without expansion every character of the output comes from the input, plus quoting.
        #expect(output.utf8.count <= 2 * input.count + 200)
    }
}
