public import APIClient
import APIMapping
public import Foundation

extension TipCatalogue {
    /// The uncatalogued business failures of one profile as entries for its `errors:` section:
    /// one per code, named after the code's most frequent tip, each under a comment giving the
    /// tips, counts, endpoints and dates.
    ///
    /// **Names**: the tip in lower case, each run of characters other than ASCII letters and
    /// digits made one `_`, trimmed, at most 40 characters (`"token: expired"` → `token_expired`);
    /// a tip with no ASCII letter gives `code_` and the code (`用户不存在` → `code_40404`). A name
    /// already in the catalogue, given to an earlier code, or `uncatalogued` gets `_` and the code
    /// appended, then `_2`, `_3`… until it is free. A name YAML would read as a bool, null or
    /// number when plain (`no`, `null`, `1e5`) is written quoted (`{name: "no"}`).
    ///
    /// **Keys**: a number status is written bare (`40013:`), a bool bare, a string (or the tip of
    /// a flag-only status) double-quoted with YAML escapes for `\`, `"`, and every control,
    /// format, bidirectional or line-separating character (`\u001B`), so the key matches the
    /// status exactly; a key too long for an implicit YAML key is written as an explicit one
    /// (`? "…"`). Comments carry the same characters as visible escapes. A code longer than
    /// ``Limits/tipLength`` was cut when read, so it is left out, with a comment saying so.
    ///
    /// With `header`, the text starts with `errors:` (a profile that has none yet); without, it is
    /// entries to paste under the profile's existing `errors:` block.
    ///
    /// ```yaml
    /// # demo: 2 uncatalogued business failures, from the newest 40 exchanges.
    /// errors:
    ///   # 40100 on code: "token: expired # sign in again" ×3; 3× (2026-11-26 05:01:02Z … 2026-11-26 05:03:04Z)
    ///   40100: {name: token_expired_sign_in_again}
    ///   # 40404 on code: "用户不存在" ×1; 1× (2026-11-26 05:01:02Z)
    ///   40404: {name: code_40404}
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile whose statuses are written.
    ///   - catalogue: The profile's current error catalogue, whose names are taken.
    ///   - header: Whether to start with the `errors:` line.
    /// - Returns: The YAML text, ending with a line break.
    public func catalogueSnippet(profile: String, catalogue: ErrorCatalogue, header: Bool) -> String {
        var taken = Set(catalogue.codes.map(\.name))
        taken.insert("uncatalogued")
        // One entry per code: a code seen on several endpoints is one catalogue key.
        var order: [String] = []
        var byKey: [String: [BusinessStatusSummary]] = [:]
        for summary in statuses where summary.profile == profile && summary.isUncatalogued {
            let key = summary.kind.rawValue + ":" + summary.code
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(summary)
        }
        var lines = YAMLScalars.comment(
            "\(profile): \(order.count) uncatalogued business failure" + (order.count == 1 ? "" : "s")
                + ", from the newest \(observed) exchanges.", indent: "")
        if header {
            // An empty errors: would be null, which the profile refuses: the line only comes with entries.
            if !order.isEmpty { lines.append("errors:") }
        } else {
            lines.append("# Paste under the profile's errors: key.")
        }
        for key in order {
            guard let group = byKey[key], let first = group.first else { continue }
            lines += group.flatMap { YAMLScalars.comment(Self.comment($0), indent: "  ") }
            guard !first.isCodeCut else {
                lines.append("  # left out: a code longer than \(limits.tipLength) characters")
                continue
            }
            let name = Self.freeName(for: first, taken: taken)
            taken.insert(name)
            lines += Self.entry(first, name: name)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The generated name of a status: its tip's identifier, else `code_` and the code; made free.
    static func freeName(for summary: BusinessStatusSummary, taken: Set<String>) -> String {
        let codePart = identifier(summary.code, keepingDash: true)
        let tip = summary.tips.first?.text ?? (summary.kind == .string ? summary.code : "")
        let fromTip = identifier(tip, keepingDash: false)
        var base = fromTip.contains(where: \.isLetter) ? fromTip : "code_" + (codePart.isEmpty ? "empty" : codePart)
        if taken.contains(base), base != "code_" + codePart, !codePart.isEmpty { base += "_" + codePart }
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        return name
    }

    /// Lower-case ASCII letters and digits (and `-` when kept), every other run one `_`, trimmed,
    /// at most 40 characters.
    static func identifier(_ text: String, keepingDash: Bool) -> String {
        var result = ""
        var pendingSeparator = false
        for scalar in text.unicodeScalars {
            let character = Character(scalar)
            let kept = (scalar.isASCII && (character.isLetter || character.isNumber)) || (keepingDash && scalar == "-")
            if kept {
                if pendingSeparator, !result.isEmpty { result += "_" }
                pendingSeparator = false
                result += character.lowercased()
                if result.count >= 40 { break }
            } else {
                pendingSeparator = true
            }
        }
        return String(result.prefix(40).reversed().drop { $0 == "_" }.reversed())
    }

    /// The entry a status is written as: a number or bool key bare, a string key double-quoted
    /// (``YAMLScalars``), as an explicit `? key` when too long for an implicit one. The name is
    /// quoted when YAML would read it as something else (`no`, `null`, `1e5`, `0x1f`).
    static func entry(_ summary: BusinessStatusSummary, name: String) -> [String] {
        let value = "{name: \(YAMLScalars.string(name))}"
        switch summary.kind {
        case .bool: return ["  \(summary.code): \(value)"]
        case .number:
            let plain = summary.code.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == ".") }
            return ["  \(plain ? summary.code : "!!float " + summary.code): \(value)"]
        case .string: return YAMLScalars.entry(summary.code, value, indent: "  ", quoting: true)
        }
    }

    /// `40100 on code: "token: expired" ×3, "other" ×1, +2 more (first … last)`.
    static func comment(_ summary: BusinessStatusSummary) -> String {
        var tips = summary.tips.prefix(3).map { tip in
            YAMLScalars.quoted(String(tip.text.prefix(120))) + " ×\(tip.count)"
        }
        let more = summary.tips.count - min(3, summary.tips.count)
        if more > 0 { tips.append("+\(more) more") }
        if summary.otherTipCount > 0 { tips.append("\(summary.otherTipCount)× other tips") }
        let when =
            summary.firstSeen == summary.lastSeen
            ? timestamp(summary.lastSeen) : "\(timestamp(summary.firstSeen)) … \(timestamp(summary.lastSeen))"
        let tipText = tips.isEmpty ? "no tip" : tips.joined(separator: ", ")
        // A line break in the code is escaped too: one comment line per status.
        let code = String(summary.code.prefix(120)).replacing("\n", with: "\\u000a")
        return "\(code) on \(summary.endpoint): \(tipText); \(summary.count)× (\(when))"
    }

    /// A date as the catalogue writes it: `2026-11-26 05:01:02Z` (UTC).
    ///
    /// ```swift
    /// TipCatalogue.timestamp(Date(timeIntervalSince1970: 0))  // "1970-01-01 00:00:00Z"
    /// ```
    ///
    /// - Parameter date: The date.
    public static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date).replacing("T", with: " ")
    }
}
