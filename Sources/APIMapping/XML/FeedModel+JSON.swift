extension FeedModel {
    /// The model as JSON, the same for every format but `format`: absent fields are left out and the
    /// entries keep their order under `items`, the envelope model of a feed.
    ///
    /// ```swift
    /// feed.jsonValue.jsonText()
    /// // {"format":"atom","title":"Example","link":"https://example.com/","description":"All the news",
    /// //  "updated":"2006-01-02T15:04:05Z","items":[{"id":"urn:1","title":"First",
    /// //  "link":"https://example.com/1","date":"2006-01-02T15:04:05Z","summary":"One","author":"Ann"}]}
    /// ```
    public var jsonValue: JSONValue {
        var object = JSONObject([(key: "format", value: .string(format.rawValue))])
        Self.append("title", title, to: &object)
        Self.append("link", link, to: &object)
        Self.append("description", subtitle, to: &object)
        Self.append("updated", updated, to: &object)
        object.append(key: "items", value: .array(entries.map(\.jsonValue)))
        return .object(object)
    }

    static func append(_ key: String, _ value: String?, to object: inout JSONObject) {
        if let value { object.append(key: key, value: .string(value)) }
    }
}

extension FeedModel.Entry {
    /// The entry as JSON, one of the `items` of ``FeedModel/jsonValue``: `id`, `title`, `link`,
    /// `date`, `summary` and `author`, in that order, absent ones left out.
    ///
    /// ```swift
    /// entry.jsonValue.jsonText()
    /// // {"id":"urn:1","title":"First","link":"https://example.com/1","date":"2006-01-02T15:04:05Z"}
    /// ```
    public var jsonValue: JSONValue {
        var object = JSONObject()
        FeedModel.append("id", id, to: &object)
        FeedModel.append("title", title, to: &object)
        FeedModel.append("link", link, to: &object)
        FeedModel.append("date", date, to: &object)
        FeedModel.append("summary", summary, to: &object)
        FeedModel.append("author", author, to: &object)
        return .object(object)
    }
}
