import APIHTTP
import Testing

@testable import APIClient

@Suite("FormField(parsing:)")
struct FormFieldParsingTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let spec: String
        let expected: FormField
        var testDescription: String { spec }
    }

    static let valid: [Valid] = [
        Valid(spec: "title=Holiday", expected: FormField(name: "title", source: .text("Holiday"))),
        Valid(spec: "empty=", expected: FormField(name: "empty", source: .text(""))),
        Valid(spec: "q=a=b", expected: FormField(name: "q", source: .text("a=b"))),
        Valid(spec: "名字=值", expected: FormField(name: "名字", source: .text("值"))),
        Valid(spec: "photo=@/tmp/beach.jpg", expected: FormField(name: "photo", source: .file(path: "/tmp/beach.jpg"))),
        Valid(
            spec: "photo=@beach.jpg;type=image/webp",
            expected: FormField(name: "photo", source: .file(path: "beach.jpg"), contentType: "image/webp")),
        Valid(
            spec: "photo=@beach.jpg;filename=x.png",
            expected: FormField(name: "photo", source: .file(path: "beach.jpg"), filename: "x.png")),
        Valid(
            spec: "photo=@beach.jpg;type=image/png;filename=x.png",
            expected: FormField(
                name: "photo", source: .file(path: "beach.jpg"), contentType: "image/png", filename: "x.png")),
        Valid(
            spec: "photo=@beach.jpg; filename=x.png;TYPE=image/png",
            expected: FormField(
                name: "photo", source: .file(path: "beach.jpg"), contentType: "image/png", filename: "x.png")),
        Valid(spec: #"photo=@"a;b,c.png""#, expected: FormField(name: "photo", source: .file(path: "a;b,c.png"))),
        Valid(
            spec: #"photo=@x.png;filename="my \"best\";.png""#,
            expected: FormField(name: "photo", source: .file(path: "x.png"), filename: #"my "best";.png"#)),
        Valid(
            spec: #"doc=@r.bin;type="text/plain; charset=utf-8""#,
            expected: FormField(name: "doc", source: .file(path: "r.bin"), contentType: "text/plain; charset=utf-8")),
        Valid(spec: #"msg="a;b""#, expected: FormField(name: "msg", source: .text("a;b"))),
        Valid(spec: #"msg="@literal""#, expected: FormField(name: "msg", source: .text("@literal"))),
        Valid(spec: #"msg="say \"hi\" \\ ok""#, expected: FormField(name: "msg", source: .text(#"say "hi" \ ok"#))),
        Valid(spec: #"msg="C:\dir""#, expected: FormField(name: "msg", source: .text(#"C:\dir"#))),
        Valid(spec: "msg=a,b", expected: FormField(name: "msg", source: .text("a,b"))),
        Valid(spec: "bio=<bio.txt", expected: FormField(name: "bio", source: .textFile(path: "bio.txt"))),
        Valid(
            spec: "bio=<bio.md;type=text/markdown",
            expected: FormField(name: "bio", source: .textFile(path: "bio.md"), contentType: "text/markdown")),
        Valid(
            spec: "note=hello;type=text/x-note",
            expected: FormField(name: "note", source: .text("hello"), contentType: "text/x-note")),
    ]

    @Test("reads", arguments: valid)
    func reads(_ example: Valid) throws {
        #expect(try FormField(parsing: example.spec) == example.expected)
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let spec: String
        let column: Int
        let fieldName: String?
        let message: String
        var testDescription: String { "\(spec) → column \(column)" }
    }

    static let invalid: [Invalid] = [
        Invalid(spec: "title", column: 6, fieldName: nil, message: "there is no '='"),
        Invalid(spec: "=value", column: 1, fieldName: nil, message: "the field name before '=' is empty"),
        Invalid(spec: "photo=@", column: 8, fieldName: "photo", message: "no file path after '@'"),
        Invalid(spec: "bio=<", column: 6, fieldName: "bio", message: "no file path after '<'"),
        Invalid(spec: #"photo=@"""#, column: 8, fieldName: "photo", message: "no file path after '@'"),
        Invalid(spec: #"msg="abc"#, column: 5, fieldName: "msg", message: "the quote opened here is never closed"),
        Invalid(
            spec: #"msg="abc"def"#, column: 10, fieldName: "msg", message: "unexpected text after the closing quote"),
        Invalid(spec: "msg=a;b", column: 7, fieldName: "msg", message: "unknown attribute 'b'"),
        Invalid(
            spec: "photo=@x.png;tpye=image/png", column: 14, fieldName: "photo", message: "unknown attribute 'tpye'"),
        Invalid(spec: "photo=@x.png;", column: 14, fieldName: "photo", message: "nothing after ';'"),
        Invalid(spec: "msg=hi;filename=x.txt", column: 8, fieldName: "msg", message: "filename= applies only to file"),
        Invalid(spec: "bio=<b.txt;filename=x", column: 12, fieldName: "bio", message: "filename= applies only to file"),
        Invalid(spec: "photo=@x.png;type=png", column: 19, fieldName: "photo", message: "'png' is not a media type"),
        Invalid(spec: "photo=@x.png;type=", column: 19, fieldName: "photo", message: "'type=' has an empty value"),
        Invalid(
            spec: "photo=@x.png;filename=", column: 23, fieldName: "photo", message: "'filename=' has an empty value"),
        Invalid(
            spec: "photo=@x.png;type=a/b;type=c/d", column: 23, fieldName: "photo", message: "'type=' is given twice"),
        Invalid(
            spec: "photo=@x.png;headers=X-A: 1", column: 14, fieldName: "photo", message: "'headers=' attribute"),
        Invalid(spec: "photo=@a.png,b.png", column: 13, fieldName: "photo", message: "several files in one field"),
    ]

    @Test("rejects with the column", arguments: invalid)
    func rejects(_ example: Invalid) throws {
        let error = try #require(throws: FormFieldError.self) { try FormField(parsing: example.spec) }
        #expect(error.column == example.column)
        #expect(error.fieldName == example.fieldName)
        #expect(error.message.contains(example.message), "\(error.message)")
    }

    @Test("the description names the field and the column, never the value")
    func describes() throws {
        let error = try #require(throws: FormFieldError.self) { try FormField(parsing: "token=s3cret;tpye=a/b") }
        #expect(
            error.description
                == "form field \"token\", column 14: unknown attribute 'tpye'; known: type=, filename= "
                + "(quote a value to send a ';' in it)")
        #expect(!error.description.contains("s3cret"))
    }
}
