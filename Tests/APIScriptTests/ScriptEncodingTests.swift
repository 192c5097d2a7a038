import APIScript
import Testing

/// Scripts as people write them: Windows line endings and byte-order marks are read as plain lines;
/// bytes that are not UTF-8 text are an error at their line and column, before anything runs.
@Suite struct ScriptEncodingTests {
    struct Readable: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Readable(name: "LF", bytes: Array("use demo\ncall user id=7\nexpect success\n".utf8)),
        // Regression: "\r\n" is one Character, so a CRLF script was a single line.
        Readable(name: "CRLF", bytes: Array("use demo\r\ncall user id=7\r\nexpect success\r\n".utf8)),
        Readable(
            name: "UTF-8 BOM and CRLF",
            bytes: [0xEF, 0xBB, 0xBF] + Array("use demo\r\ncall user id=7\r\nexpect success".utf8)),
    ])
    func windowsLineEndingsAndByteOrderMarkAreAccepted(_ readable: Readable) throws {
        let script = try Script(parsing: readable.bytes, name: "w.apx")
        #expect(script.commands.map(\.source) == ["use demo", "call user id=7", "expect success"])
        #expect(script.commands.map(\.line) == [1, 2, 3])
    }

    @Test func syntaxErrorsOnCRLFLinesKeepTheirColumns() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("use demo\r\ncal x\r\n".utf8)
        #expect(throws: ScriptErrors.self) { try Script(parsing: bytes, name: "w.apx") }
        do {
            _ = try Script(parsing: bytes, name: "w.apx")
        } catch {
            #expect(error.errors.map { "\($0.line):\($0.column)" } == ["2:1"])
        }
    }

    struct Unreadable: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let error: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Unreadable(
            name: "NUL byte", bytes: Array("use demo\ncall u\0ser\n".utf8),
            error: "b.apx:2:7: NUL byte at byte 15; a script is UTF-8 text"),
        Unreadable(
            name: "invalid UTF-8", bytes: Array("use demo\r\nset x = caf".utf8) + [0xE9] + Array("\r\n".utf8),
            error: "b.apx:2:12: invalid UTF-8 at byte 21 (found E9); a script is UTF-8 text"),
        Unreadable(
            name: "UTF-16", bytes: [0xFF, 0xFE] + Array("u\0s\0e\0".utf8),
            error: "b.apx:1:1: invalid UTF-8 at byte 0 (found FF); a script is UTF-8 text"),
    ])
    func bytesThatAreNotTextAreLocated(_ unreadable: Unreadable) {
        #expect(throws: ScriptErrors.self) { try Script(parsing: unreadable.bytes, name: "b.apx") }
        do {
            _ = try Script(parsing: unreadable.bytes, name: "b.apx")
        } catch {
            #expect(error.description == unreadable.error)
            #expect(error.errors.map(\.kind) == [.encoding])
        }
    }
}
