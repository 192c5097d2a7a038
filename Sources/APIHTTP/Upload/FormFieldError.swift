/// Why a curl-style `-F` field spec could not be read, and where.
///
/// The description names the field (when the spec got that far) and the 1-based column of the offending
/// character; it never repeats the value, which may be a secret.
///
/// ```swift
/// do {
///     _ = try FormField(parsing: "avatar=@me.png;tpye=image/png")
/// } catch {
///     print(error)  // form field "avatar", column 16: unknown attribute 'tpye'; known: type=, filename= …
/// }
/// ```
public struct FormFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case missingEquals
        case emptyName
        case emptyPath(marker: Character)
        case unterminatedQuote
        case textAfterQuote
        case emptyAttribute
        case unknownAttribute(String)
        case unsupportedAttribute(String)
        case filenameWithoutFile
        case invalidContentType(String)
        case duplicateAttribute(String)
        case emptyAttributeValue(String)
        case multipleFiles
    }

    let kind: Kind
    /// The field name, when the spec got as far as its `=`.
    public let fieldName: String?
    /// The 1-based column (in characters) of the offending character; one past the end when something is missing.
    public let column: Int

    init(_ kind: Kind, fieldName: String?, column: Int) {
        self.kind = kind
        self.fieldName = fieldName
        self.column = column
    }

    /// What is wrong, without the location.
    public var message: String {
        switch kind {
        case .missingEquals:
            "expected name=value, name=@file or name=<file, but there is no '='"
        case .emptyName:
            "the field name before '=' is empty"
        case .emptyPath(let marker):
            "no file path after '\(marker)'"
        case .unterminatedQuote:
            "the quote opened here is never closed"
        case .textAfterQuote:
            "unexpected text after the closing quote; expected ';' or the end"
        case .emptyAttribute:
            "nothing after ';'; expected type=… or filename=…"
        case .unknownAttribute(let key):
            "unknown attribute '\(key)'; known: type=, filename= (quote a value to send a ';' in it)"
        case .unsupportedAttribute(let key):
            "curl's '\(key)=' attribute is not supported"
        case .filenameWithoutFile:
            "filename= applies only to file fields (name=@path)"
        case .invalidContentType(let value):
            "'\(value)' is not a media type like image/png"
        case .duplicateAttribute(let key):
            "'\(key)=' is given twice"
        case .emptyAttributeValue(let key):
            "'\(key)=' has an empty value"
        case .multipleFiles:
            "several files in one field (@a,b) are not supported; quote the path if the comma belongs to it"
        }
    }

    /// `form field "name", column N: message`.
    public var description: String {
        let field = fieldName.map { "form field \"\($0)\"" } ?? "form field"
        return "\(field), column \(column): \(message)"
    }
}
