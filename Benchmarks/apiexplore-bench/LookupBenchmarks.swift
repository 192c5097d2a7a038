import APIMapping
import Foundation

extension BenchRun {
    /// (e): one profile path, parsed once, selected many times on a small API envelope, against the
    /// same lookup written by hand on JSONSerialization's `[String: Any]`.
    ///
    /// Both loops consume every result (ours sums the node indexes, the hand-written one counts hits),
    /// and both results are checked against the envelope's real `id` before timing.
    mutating func runLookups() throws(BenchFailure) {
        report.section("(e) profile-path lookups on a small envelope")
        let pathText = "data>list>0>id"
        let path: ProfilePath
        do {
            path = try ProfilePath(pathText)
        } catch {
            throw BenchFailure(description: "profile path \(pathText) rejected: \(error)")
        }
        let text = Inputs.envelope(variant: 1)
        let expectedID = Inputs.envelopeFirstID(variant: 1)
        let document = try parseOurs(Array(text.utf8), input: "envelope")
        guard let object = try parseFoundation(Data(text.utf8), input: "envelope") as? [String: Any] else {
            throw BenchFailure(description: "input envelope: JSONSerialization did not return [String: Any]")
        }
        report.line("input  \(pad("envelope", 14)) \(text.utf8.count) bytes: \(text)")

        let ourID = path.select(in: document.root)?.numberValue?.int
        let handID = Self.lookUpByHand(object) as? Int
        guard ourID == expectedID, handID == expectedID else {
            throw BenchFailure(
                description: "lookup \(pathText): ours found \(String(describing: ourID)), by hand "
                    + "\(String(describing: handID)), expected \(expectedID)")
        }

        let count = sizes.lookups
        let ours = measurer.measure {
            var sum = 0
            for _ in 0..<count {
                if let node = path.select(in: document.root) { sum &+= node.index }
            }
            return sum
        }
        let foundation = measurer.measure {
            var hits = 0
            for _ in 0..<count where Self.lookUpByHand(object) != nil {
                hits &+= 1
            }
            return hits
        }
        let oursNanoseconds = ours.best.seconds * 1e9 / Double(count)
        let foundationNanoseconds = foundation.best.seconds * 1e9 / Double(count)
        report.line(
            "lookup \(pad(pathText, 14)) \(pad("\(Format.count(count)) x", 16)) "
                + "ours \(Format.rightAligned(Format.number(oursNanoseconds), 7)) ns/lookup "
                + "(median \(Format.number(ours.median.seconds * 1e9 / Double(count))))   "
                + "JSONSerialization [String: Any] by hand "
                + "\(Format.rightAligned(Format.number(foundationNanoseconds), 7)) ns/lookup "
                + "(median \(Format.number(foundation.median.seconds * 1e9 / Double(count))))   "
                + "ratio \(Format.ratio(foundationNanoseconds / oursNanoseconds))")
    }

    /// `data>list>0>id` written by hand, the way code using JSONSerialization's result reads it.
    @inline(never)
    static func lookUpByHand(_ object: [String: Any]) -> Any? {
        // The casts trap on the wrong shape, as hand-written code would; the shape is checked before timing.
        (((object["data"] as! [String: Any])["list"] as! [Any])[0] as! [String: Any])["id"]
    }
}
