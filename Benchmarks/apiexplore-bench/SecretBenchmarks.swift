import APIClient
import APIHTTP
import APIMapping
import Foundation

/// The secrets target: masking many secrets in a large body costs at most this many times masking one.
let secretsTargetRatio = 2.0

extension BenchRun {
    /// (v) The session's secret gate over the generated users (50 MB): every known secret masked in
    /// one pass, with 1 and with 200 secrets (each planted in the body), as text and as JSON, against
    /// `grep -F -c -f` (a multi-pattern fixed-string search) over the same bytes in a file, and
    /// against masking the 200 one at a time (the old loop: one `replacing` pass per secret).
    ///
    /// The 200-secret masks are checked first: every planted value gone, the JSON still JSON.
    mutating func runSecrets() throws(BenchFailure) {
        report.section("(v) secret masking: 1 and 200 secrets over 50 MB in one pass")
        let secrets = (0..<200).map { "tok-\($0)-" + String(UInt64($0 + 1) &* 0x9E37_79B9_7F4A_7C15, radix: 36) }
        var bytes = usersInput().bytes
        // Each secret written over the start of an `avatar_url` host, spread through the body.
        let host = Array("avatars.githubusercontent.com".utf8)
        var at = 0
        var planted = 0
        for (index, secret) in secrets.enumerated() {
            at = max(at, bytes.count * index / secrets.count)
            while at + host.count <= bytes.count, !bytes[at..<at + host.count].elementsEqual(host) { at += 1 }
            guard at + host.count <= bytes.count else { break }
            let value = Array(secret.utf8)
            bytes.replaceSubrange(at..<at + min(value.count, host.count), with: value.prefix(host.count))
            planted += 1
        }
        let one = SecretPatterns(values: [secrets[0]])
        let many = SecretPatterns(values: secrets)
        let maskedMany = many.maskJSON(bytes)
        let maskedText = String(decoding: maskedMany, as: UTF8.self)
        guard planted == secrets.count, secrets.allSatisfy({ !maskedText.contains($0) }) else {
            throw BenchFailure(description: "secrets: \(planted) planted, or a planted secret survived masking")
        }
        do {
            _ = try JSONDocument(parsing: maskedMany)
        } catch {
            throw BenchFailure(description: "secrets: the masked body is not JSON: \(error)")
        }
        report.line("input  \(Format.megabytes(bytes.count)), 200 secrets planted once each (5-7 forms each searched)")

        let oneText = measurer.measure { one.mask(bytes: bytes).count }
        let manyText = measurer.measure { many.mask(bytes: bytes).count }
        let manyJSON = measurer.measure { many.maskJSON(bytes).count }
        let text = String(decoding: bytes, as: UTF8.self)
        let loop = measurer.measure {
            var result = text
            for secret in secrets where result.contains(secret) { result = result.replacing(secret, with: "••••") }
            return result.utf8.count
        }
        let ratio = manyText.best.seconds / oneText.best.seconds
        let verdict = report.check(
            "mask 200 secrets within 2x of 1 secret", measured: Format.ratio(ratio),
            passed: ratio <= secretsTargetRatio, rule: "<= 2x one secret")
        report.line(
            "mask   1 secret \(Format.duration(oneText.best)), 200 secrets \(Format.duration(manyText.best)) "
                + "(JSON-aware \(Format.duration(manyJSON.best))), one replacing pass per secret "
                + "\(Format.duration(loop.best))   200/1 \(Format.ratio(ratio)), loop/ours "
                + "\(Format.ratio(loop.best.seconds / manyText.best.seconds))   \(verdict)")

        guard let grep = ExternalTool.find("grep") else {
            report.line("grep   skipped: not on PATH")
            return
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("apiexplore-bench-\(ProcessInfo.processInfo.processIdentifier)-secrets")
        let body = file.path + ".json"
        let patterns = file.path + ".patterns"
        let scratch = file.path + ".out"
        defer {
            for path in [body, patterns, scratch, scratch + ".err"] where FileManager.default.fileExists(atPath: path) {
                do {
                    try FileManager.default.removeItem(atPath: path)
                } catch {
                    report.line("warning: could not remove \(path): \(error)")
                }
            }
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: body))
            try Data(secrets.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: patterns))
        } catch {
            throw BenchFailure(description: "secrets: cannot write the grep inputs: \(error)")
        }
        var failure: (any Error)?
        let grepTiming = measurer.measure {
            do {
                _ = try ChildProcess.run(
                    grep, ["-F", "-c", "-f", patterns, body], environment: ["LC_ALL": "C"], output: scratch,
                    errors: scratch + ".err")
                return 1
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw BenchFailure(description: "secrets: grep -F -f: \(failure)") }
        report.line(
            "grep   -F -c -f (200 patterns) \(Format.duration(grepTiming.best))   ours/grep "
                + Format.ratio(manyText.best.seconds / grepTiming.best.seconds))
    }
}
