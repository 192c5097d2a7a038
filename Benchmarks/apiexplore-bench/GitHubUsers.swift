import APITesting
import Foundation

/// Generates a JSON array of objects shaped like GitHub's `GET /users/{username}` body.
///
/// Each object has the same 33 keys in the same order as the real response, pretty-printed with
/// two spaces as api.github.com sends it. Values are deterministic but varied: logins from
/// syllables, ids up to 2^53 and beyond, base64 node ids, URLs derived from the login, Latin and
/// CJK names, `null`s where GitHub sends them, booleans, skewed follower counts and timestamps.
enum GitHubUsers {
    /// About `targetBytes` of JSON text (slightly more: the last object is completed).
    static func generate(targetBytes: Int) -> GeneratedInput {
        var random = SplitMix64(seed: 0x4749_5448_5542_5553)
        var out = JSONTextBuilder(capacity: targetBytes + 8_192)
        var count = 0
        out.ascii("[")
        while out.count < targetBytes {
            if count > 0 { out.ascii(",") }
            count += 1
            appendUser(random: &random, to: &out)
        }
        out.newline(indent: 0)
        out.ascii("]")
        return GeneratedInput(name: "github-users", bytes: out.bytes, count: count)
    }

    /// A scalar member value.
    private enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case null
    }

    private static func appendUser(random: inout SplitMix64, to out: inout JSONTextBuilder) {
        let login = makeLogin(&random)
        let isOrganization = random.chance(8)
        let id = random.chance(5) ? 9_007_199_254_740_993 + random.below(1 << 40) : random.inRange(1...250_000_000)
        let api = "https://api.github.com/users/" + login
        let nodeID = Data("04:\(isOrganization ? "Organization" : "User")\(id)".utf8).base64EncodedString()
        let created = timestamp(&random, years: 2008...2024)
        let members: [(String, Value)] = [
            ("login", .string(login)),
            ("id", .int(id)),
            ("node_id", .string(nodeID)),
            ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(id)?v=4")),
            ("gravatar_id", .string("")),
            ("url", .string(api)),
            ("html_url", .string("https://github.com/" + login)),
            ("followers_url", .string(api + "/followers")),
            ("following_url", .string(api + "/following{/other_user}")),
            ("gists_url", .string(api + "/gists{/gist_id}")),
            ("starred_url", .string(api + "/starred{/owner}{/repo}")),
            ("subscriptions_url", .string(api + "/subscriptions")),
            ("organizations_url", .string(api + "/orgs")),
            ("repos_url", .string(api + "/repos")),
            ("events_url", .string(api + "/events{/privacy}")),
            ("received_events_url", .string(api + "/received_events")),
            ("type", .string(isOrganization ? "Organization" : "User")),
            ("user_view_type", .string("public")),
            ("site_admin", .bool(random.chance(1))),
            ("name", random.chance(15) ? .null : .string(makeName(&random))),
            ("company", random.chance(45) ? .null : .string(random.pick(companies))),
            ("blog", .string(random.chance(40) ? "" : "https://\(login).\(random.pick(["dev", "github.io", "me"]))")),
            ("location", random.chance(30) ? .null : .string(random.pick(locations))),
            ("email", random.chance(75) ? .null : .string("\(login)@\(random.pick(mailDomains))")),
            ("hireable", random.chance(70) ? .null : .bool(true)),
            ("bio", random.chance(50) ? .null : .string(random.pick(bios))),
            ("twitter_username", random.chance(70) ? .null : .string(login.replacingOccurrences(of: "-", with: "_"))),
            ("public_repos", .int(skewed(&random, [30, 200, 2_000]))),
            ("public_gists", .int(skewed(&random, [5, 50, 500]))),
            ("followers", .int(skewed(&random, [50, 1_000, 300_000]))),
            ("following", .int(skewed(&random, [20, 300, 5_000]))),
            ("created_at", .string(created)),
            ("updated_at", .string(timestamp(&random, years: 2024...2025))),
        ]
        out.newline(indent: 2)
        out.ascii("{")
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out.ascii(",") }
            out.newline(indent: 4)
            out.string(key)
            out.raw(": ")
            switch value {
            case .string(let text): out.string(text)
            case .int(let number): out.int(number)
            case .bool(let flag): out.raw(flag ? "true" : "false")
            case .null: out.raw("null")
            }
        }
        out.newline(indent: 2)
        out.ascii("}")
    }

    /// A number that is usually below `limits[0]`, sometimes below `limits[1]`, rarely below `limits[2]`.
    private static func skewed(_ random: inout SplitMix64, _ limits: [Int]) -> Int {
        switch random.below(100) {
        case 0..<70: random.below(limits[0])
        case 70..<97: random.below(limits[1])
        default: random.below(limits[2])
        }
    }

    private static func makeLogin(_ random: inout SplitMix64) -> String {
        var login = ""
        for _ in 0..<random.inRange(2...3) { login += random.pick(syllables) }
        if random.chance(25) { login += "-" + random.pick(["dev", "io", "hq", "lab", "codes", "js", "rs"]) }
        if random.chance(25) { login += String(random.below(10_000)) }
        return login
    }

    private static func makeName(_ random: inout SplitMix64) -> String {
        if random.chance(18) { return random.pick(cjkNames) }
        return random.pick(firstNames) + " " + random.pick(lastNames)
    }

    /// An ISO 8601 UTC timestamp such as `2011-01-25T18:44:36Z`.
    private static func timestamp(_ random: inout SplitMix64, years: ClosedRange<Int>) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let date = "\(random.inRange(years))-\(two(random.inRange(1...12)))-\(two(random.inRange(1...28)))"
        return date + "T\(two(random.below(24))):\(two(random.below(60))):\(two(random.below(60)))Z"
    }

    private static let syllables = [
        "oct", "o", "cat", "mo", "jom", "bo", "de", "fun", "kt", "zen", "ra", "ku", "lin", "chen", "wei",
        "yu", "sato", "kim", "park", "dev", "ops", "hub", "byte", "nova", "mika", "ta", "ro", "li", "an", "x",
    ]
    private static let firstNames = [
        "Alice", "Bob", "Carmen", "Dmitri", "Élodie", "Fatima", "Gustavo", "Hannah", "Ivan", "José", "Kwame",
        "Lena", "Mateo", "Nadia", "Olivier", "Priya", "Quinn", "Rahul", "Sofía", "Tobias", "Uma", "Zoë",
    ]
    private static let lastNames = [
        "Anderson", "Brown", "Costa", "Dubois", "Eriksson", "Fischer", "García", "Hoffmann", "Ivanova",
        "Jensen", "Kowalski", "López", "Müller", "Nakamura", "O'Brien", "Petrov", "Rossi", "Schmidt",
        "Søndergaard", "Tanaka", "Yılmaz",
    ]
    private static let cjkNames = [
        "山田太郎", "佐藤花子", "王小明", "李娜", "张伟", "陈静", "김민준", "이서연", "박지훈", "鈴木一郎", "刘洋",
        "黄志强", "林美玲", "高橋 健", "渡辺 さくら",
    ]
    private static let companies = [
        "@github", "@microsoft", "Google", "Mozilla", "Freelance", "阿里巴巴", "腾讯", "LINE株式会社",
        "Shopify", "@vercel", "University of Tokyo", "Self-employed", "ACME Corp.",
    ]
    private static let locations = [
        "San Francisco, CA", "Berlin, Germany", "東京都", "北京", "Seoul, South Korea", "São Paulo, Brasil",
        "Bengaluru, India", "London", "Remote", "Zürich", "上海市浦东新区", "Toronto, Canada",
    ]
    private static let mailDomains = ["gmail.com", "example.com", "users.noreply.github.com", "qq.com"]
    private static let bios = [
        "Software engineer. Open source enthusiast.",
        "Building developer tools @ \"Acme\" — opinions are my own.",
        "全栈工程师 / 开源爱好者",
        "Rustacean 🦀 and Swift fan",
        "PhD student in ML.\r\nPreviously at a startup.",
        "ソフトウェアエンジニア。東京在住。",
        "Backend developer\nGo | Kotlin | Postgres",
        "I write C:\\things and \"quotes\" in bios",
        "안녕하세요! 프론트엔드 개발자입니다.",
        "Maintainer of a few small libraries. Coffee ☕, cats 🐈.",
        "\tTabs > spaces",
    ]
}
