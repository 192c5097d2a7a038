import APIMapping
import Foundation

/// The decode target of the issue: bytes to Codable structs at least this many times faster than JSONDecoder.
let decodeRatioTarget = 2.0

extension BenchRun {
    /// Issue 3: the generated GitHub users decoded end to end (bytes to `[User]`), ours (parse then
    /// `JSONNodeDecoder`) against Foundation's `JSONDecoder`, with explicit `CodingKeys` and with
    /// snake_case conversion plus ISO 8601 dates.
    mutating func runDecode() throws(BenchFailure) {
        report.section("(h) decode generated GitHub users into Codable structs, end to end from bytes")
        let input = usersInput()
        let bytes = input.bytes
        let data = Data(bytes)

        let explicitOurs = try timeDecode(input, "ours explicit") { () throws -> Int in
            let document = try JSONDocument(parsing: bytes)
            return try JSONNodeDecoder().decode([ExplicitUser].self, from: document.root).count
        }
        let explicitFoundation = try timeDecode(input, "JSONDecoder explicit") { () throws -> Int in
            try JSONDecoder().decode([ExplicitUser].self, from: data).count
        }
        reportDecode(input, "explicit CodingKeys", explicitOurs, explicitFoundation)

        let snakeOurs = try timeDecode(input, "ours snake_case") { () throws -> Int in
            let document = try JSONDocument(parsing: bytes)
            let decoder = JSONNodeDecoder(keyStrategy: .convertFromSnakeCase, dateStrategy: .iso8601)
            return try decoder.decode([SnakeCaseUser].self, from: document.root).count
        }
        let snakeFoundation = try timeDecode(input, "JSONDecoder snake_case") { () throws -> Int in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode([SnakeCaseUser].self, from: data).count
        }
        reportDecode(input, "snake_case + ISO 8601", snakeOurs, snakeFoundation)
    }

    private mutating func timeDecode(
        _ input: GeneratedInput, _ label: String, _ body: () throws -> Int
    ) throws(BenchFailure) -> Timing {
        do {
            let timing = try measurer.measure {
                let count = try body()
                guard count == input.count else { throw BenchFailure(description: "\(label) decoded \(count)") }
                return count
            }
            return timing
        } catch let failure as BenchFailure {
            throw failure
        } catch {
            throw BenchFailure(description: "\(label) failed on \(input.name): \(error)")
        }
    }

    private mutating func reportDecode(_ input: GeneratedInput, _ mode: String, _ ours: Timing, _ foundation: Timing) {
        let size = input.bytes.count
        let ratio = foundation.best.seconds / ours.best.seconds
        let verdict = report.check(
            "decode \(input.name) \(mode) ratio >= 2x", measured: Format.ratio(ratio),
            passed: ratio >= decodeRatioTarget, rule: ">= 2x")
        report.line(
            "decode \(pad(mode, 22)) \(Format.megabytes(size))   ours "
                + "\(Format.throughput(ours.megabytesPerSecond(size))) (median "
                + "\(Format.number(ours.medianMegabytesPerSecond(size))))   JSONDecoder "
                + "\(Format.throughput(foundation.megabytesPerSecond(size))) (median "
                + "\(Format.number(foundation.medianMegabytesPerSecond(size))))   ratio \(Format.ratio(ratio))   "
                + verdict)
    }
}

/// A GitHub user with explicit coding keys; dates stay strings.
struct ExplicitUser: Decodable {
    let login: String
    let id: Int
    let nodeID: String
    let avatarURL: String
    let gravatarID: String?
    let url, htmlURL, followersURL, followingURL, gistsURL, starredURL: String
    let subscriptionsURL, organizationsURL, reposURL, eventsURL, receivedEventsURL: String
    let type: String
    let userViewType: String
    let siteAdmin: Bool
    let name, company: String?
    let blog: String
    let location, email: String?
    let hireable: Bool?
    let bio, twitterUsername: String?
    let publicRepos, publicGists, followers, following: Int
    let createdAt, updatedAt: String

    enum CodingKeys: String, CodingKey {
        case login, id, url, type, name, company, blog, location, email, hireable, bio, followers, following
        case nodeID = "node_id"
        case avatarURL = "avatar_url"
        case gravatarID = "gravatar_id"
        case htmlURL = "html_url"
        case followersURL = "followers_url"
        case followingURL = "following_url"
        case gistsURL = "gists_url"
        case starredURL = "starred_url"
        case subscriptionsURL = "subscriptions_url"
        case organizationsURL = "organizations_url"
        case reposURL = "repos_url"
        case eventsURL = "events_url"
        case receivedEventsURL = "received_events_url"
        case userViewType = "user_view_type"
        case siteAdmin = "site_admin"
        case twitterUsername = "twitter_username"
        case publicRepos = "public_repos"
        case publicGists = "public_gists"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// The same user with synthesized keys, for `convertFromSnakeCase`, and real dates.
struct SnakeCaseUser: Decodable {
    let login: String
    let id: Int
    let nodeId: String
    let avatarUrl: String
    let gravatarId: String?
    let url, htmlUrl, followersUrl, followingUrl, gistsUrl, starredUrl: String
    let subscriptionsUrl, organizationsUrl, reposUrl, eventsUrl, receivedEventsUrl: String
    let type: String
    let userViewType: String
    let siteAdmin: Bool
    let name, company: String?
    let blog: String
    let location, email: String?
    let hireable: Bool?
    let bio, twitterUsername: String?
    let publicRepos, publicGists, followers, following: Int
    let createdAt, updatedAt: Date
}
