public import APIHTTP

/// Body fields given for one call on top of the endpoint's own (`request -f`, `-F`, `name:=json`).
///
/// Declared fields (the endpoint's `form:`, `multipart:` and `json:`) are filled from parameters;
/// these add fields the endpoint does not declare, or replace same-named ones.
///
/// ```swift
/// var fields = BodyFields()
/// fields.form = [try FormField(parsing: "To=+15551234567")]   // -f To=+15551234567
/// fields.multipart = [try FormField(parsing: "photo=@cat.jpg")] // -F photo=@cat.jpg
/// fields.rawJSON = ["tags"]                                      // tags:='["a","b"]'
/// ```
public struct BodyFields: Sendable, Hashable {
    /// Fields for an `application/x-www-form-urlencoded` body (`-f NAME=VALUE`); a file field among
    /// them (`-f photo=@cat.jpg`) makes the body `multipart/form-data`, as HTTPie does.
    public var form: [FormField] = []
    /// Fields for a `multipart/form-data` body (`-F NAME=VALUE`, `-F NAME=@FILE`).
    public var multipart: [FormField] = []
    /// Parameters whose values are JSON text (`name:=json`): sent as JSON in a JSON body; one that is
    /// not declared becomes a top-level member of its own.
    public var rawJSON: Set<String> = []

    /// No fields.
    public init() {}

    /// Whether there is nothing to add.
    public var isEmpty: Bool { form.isEmpty && multipart.isEmpty && rawJSON.isEmpty }
}
