import APIClient
import APIHTTP
import APIMapping
import APIScript
import Foundation

/// A small document every path target selects in: nested arrays and objects, strings with
/// escapes, numbers, and keys that need quoting.
let pathDocument: JSONDocument = {
    let text = #"""
        {"code":0,"msg":"成功","data":{"list":[{"id":1,"name":"Ann","tags":["a","b"],"vip":true},
        {"id":2,"name":"Bo\u001b[2J","price":1.5e3,"vip":false,"nested":{"deep":[[1,[2,[3]]]]}}],
        "a>b":{"c/d":"~","":null},"total":2},"text":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"}
        """#
    do {
        return try JSONDocument(parsing: Array(text.utf8))
    } catch {
        fatalError("the fuzzers' path document does not parse: \(error)")
    }
}()

/// The text of an input, or `nil` when it is not UTF-8 (text parsers take `String`).
func text(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

/// The targets that need no server, by name.
let parserTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "json", summary: "JSONDocument(parsing:), then write and parse the result again",
        seeds: {
            Seeds.files("Tests/APIMappingTests/Fixtures", suffixes: [".json"])
                + [Array(#"{"a":[1,2.5e-3,"\u00e9\ud83d\ude00",true,null,{}]}"#.utf8)]
        },
        dictionary: .tokens([
            "{", "}", "[", "]", ",", ":", "\"", "\\u", "\\ud83d", "true", "false", "null", "-0", "1e999",
            "0.000001", "\"\\\"", "\u{202E}", "\u{85}", "\u{7F}",
        ]),
        run: { bytes in
            do {
                let document = try JSONDocument(parsing: bytes)
                let written = document.root.jsonText()
                let again = try JSONDocument(parsing: Array(written.utf8))
                if again.root.jsonText() != written { fatalError("write/parse round trip changed the value") }
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "pathscan", summary: "ProfilePath.scan(_:) (a load run's read of each body) against the parsed tree",
        seeds: {
            Seeds.files("Tests/APIMappingTests/Fixtures/envelopes", suffixes: [".json"])
                + [Array(#"{"code":0,"msg":"ok","data":{"list":[{"id":1}]},"code":1}"#.utf8)]
        },
        dictionary: .tokens([
            "{", "}", "[", "]", ",", ":", "\"", "\\", "\"code\":", "\"msg\":", "\"data\":", "\"list\":",
            "\"c\\u006fde\":", "\u{FEFF}", "0", "-1.5e3", "true", "null",
        ]),
        run: { bytes in
            let paths = [["code"], ["msg"], ["data", "list", "0", "id"], ["data", "list", "1"]].map(
                ProfilePath.init(keys:))
            let document: JSONDocument
            do {
                document = try JSONDocument(parsing: bytes)
            } catch {
                // Malformed input: the scan must end, whatever it says.
                for path in paths { _ = path.scan(bytes) }
                return false
            }
            for path in paths {
                let expected = path.select(in: document.root)?.value
                switch path.scan(bytes) {
                case .found(let range):
                    do {
                        let scanned = try JSONDocument(parsing: bytes[range]).root.value
                        if scanned != expected { fatalError("the scan found another value than the tree at \(path)") }
                    } catch {
                        fatalError("the scan found bytes that do not parse at \(path)")
                    }
                case .missing:
                    if expected != nil { fatalError("the scan missed the value the tree has at \(path)") }
                case .unknown:
                    break
                }
            }
            return true
        }),
    FuzzTarget(
        name: "xml", summary: "JSONDocument(xml:): XML to a JSON tree",
        seeds: { Seeds.files("Tests/APIMappingTests/Fixtures", suffixes: [".xml", ".rss", ".atom", ".svg"]) },
        dictionary: .tokens([
            "<", ">", "</", "/>", "<?xml version=\"1.0\"?>", "<!DOCTYPE a [", "<!ENTITY x \"", "&x;", "&#x10FFFF;",
            "&lt;", "<![CDATA[", "]]>", "xmlns:a=\"u\"", "=\"", "<!--", "-->", "encoding=\"UTF-16\"",
        ]),
        run: { bytes in
            do {
                _ = try JSONDocument(xml: bytes)
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "jsonpointer", summary: "JSONPointer(_:) and select(in:)",
        seeds: { Seeds.strings(forKey: nil, in: "Tests/APIMappingTests/Fixtures/json-pointer") },
        dictionary: .tokens(["/", "~0", "~1", "~2", "#", "%25", "-", "0", "01", "/data/list/0/id"]),
        run: { bytes in
            guard let path = text(bytes) else { return false }
            do {
                let pointer = path.hasPrefix("#") ? try JSONPointer(uriFragment: path) : try JSONPointer(path)
                _ = pointer.select(in: pathDocument.root)
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "profilepath", summary: "ProfilePath(_:) and select(in:)",
        seeds: {
            .tokens(["data>list>0>id", "data>list>-1>name", "data>a\\>b>c/d", "msg", "", ">", "data>>x", "\\"])
        },
        dictionary: .tokens([">", "\\>", "\\\\", "-1", "0", "999999999999999999999", "data", "list"]),
        run: { bytes in
            guard let path = text(bytes) else { return false }
            do {
                _ = try ProfilePath(path).select(in: pathDocument.root)
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "jsonpath", summary: "JSONPath(_:) and select(in:), match()/search() included",
        seeds: {
            Seeds.strings(forKey: "selector", in: "Tests/APIMappingTests/Fixtures/jsonpath-cts")
                + .tokens(["$..[?match(@, '(a+)+$')]", "$.text[?search(@, '(a|aa)*b')]", "$[*,*,*,*]"])
        },
        dictionary: .tokens([
            "$", "@", "..", ".", "*", "[", "]", "[?", "(", ")", "'", ",", ":", "-1", "==", "!=", "<=", "&&", "||", "!",
            "match(@, '", "search(@, '", "length(", "count(", "value(", "(a+)+$", "{1000}", "\\p{L}", "[^a-z]",
        ]),
        run: { bytes in
            guard let query = text(bytes) else { return false }
            do {
                _ = try JSONPath(query).select(in: pathDocument.root, maximumNodes: 200_000)
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "profile", summary: "Profile(bytes:file:): the profile reader, encodings and aliases included",
        seeds: {
            Seeds.files("profiles", suffixes: [".yaml"]) + Seeds.files("Fuzz/corpus/profile", suffixes: [".yaml"])
        },
        dictionary: .tokens([
            "\n", ": ", "- ", "&a ", "*a", "<<: ", "!!str ", "\"", "'", "{", "}", "[", "]", "${env:X}",
            "${demo:base_url}", "${var:v}", "${file:~/t}", "${cmd:true}", "${prompt:P}",
            "environments:\n  a: {base_url: ", "vars: {v: ",
            "timeouts: {connect: ", "3000000000000h", "1e300s", "max_body_size: ", "20MiB", "\t", "\u{FEFF}",
            "\u{0}", "\r\n",
        ]),
        run: { bytes in
            do {
                _ = try Profile(bytes: bytes, file: "<fuzz>")
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "script", summary: "Script(parsing:name:) over bytes: the command language",
        seeds: { Seeds.files("examples", suffixes: [".apx"]) + Seeds.files("Fuzz/corpus/script", suffixes: [".apx"]) },
        dictionary: .tokens([
            "\n", "use ", "call ", "get ", "post ", "expect ", "probe ", "capture ", "set ", "zip {", "}", ";", "${",
            "\"", "\\", "=", "==", "#", "tip ~ /", "/", "time < 500ms", "history ", "replay ", "\r\n",
        ]),
        run: { bytes in
            do {
                _ = try Script(parsing: bytes, name: "fuzz.apx")
                return true
            } catch {
                return false
            }
        }),
    FuzzTarget(
        name: "headers", summary: "Set-Cookie into a CookieJar, the jar's Cookie header, and RateLimitStatus",
        seeds: {
            .tokens([
                "Set-Cookie: sid=abc; Path=/; Max-Age=3600; HttpOnly\nSet-Cookie: a=b; Domain=.example.test; Secure",
                "Set-Cookie: x=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT\nX-RateLimit-Remaining: 59",
                "RateLimit: \"default\";r=50;t=30\nRateLimit-Policy: \"default\";q=100;w=60\nRetry-After: 120",
                "RateLimit: limit=10, remaining=3, reset=90\nX-RateLimit-Reset: 1763802520",
            ])
        },
        dictionary: .tokens([
            "\n", "Set-Cookie: ", "=", "; ", "Path=", "Domain=", "Max-Age=", "Expires=", "Secure", "HttpOnly",
            "SameSite=Lax", "-99999999999999999999", "Thu, 01 Jan 1970 00:00:00 GMT", "RateLimit: ", ";r=", ";t=",
            "RateLimit-Policy: ", "X-RateLimit-Limit: ", "X-RateLimit-Reset: ", "Retry-After: ", "9e99", ".", "\u{0}",
        ]),
        run: { bytes in
            guard let input = text(bytes) else { return false }
            var headers: [(name: String, value: String)] = []
            for line in input.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " })))
            }
            let now = Date(timeIntervalSince1970: 1_763_800_000)
            var jar = CookieJar()
            let rejected = jar.receive(
                setCookie: headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value),
                from: "https://api.example.test/v1/items", now: now)
            _ = jar.cookieHeader(for: "https://www.example.test/v1/items/7", now: now)
            _ = RateLimitStatus(headers: headers, names: nil, now: now)?.summary(now: now)
            return rejected.isEmpty && !headers.isEmpty
        }),
]
