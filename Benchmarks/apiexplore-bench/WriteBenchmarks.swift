import APIMapping
import Foundation

extension BenchRun {
    /// (f): writes the generated GitHub users, compact and pretty, with ours and with JSONSerialization.
    ///
    /// Ours is timed as `jsonText(style:)` (the whole text in memory, like `data(withJSONObject:)`);
    /// a last line times the streaming `writeJSON(style:chunkSize:to:)` with its default 64 KiB chunks.
    /// Each writer's MB/s counts its own output (JSONSerialization escapes `/` as `\/`, so it writes
    /// more bytes); the ratio compares times for the same document.
    mutating func runWriters() throws(BenchFailure) {
        report.section("(f) write the generated GitHub users")
        let input = usersInput()
        let document = try parseOurs(input.bytes, input: input.name)
        let object = try parseFoundation(Data(input.bytes), input: input.name)
        let root = document.root

        let styles: [(name: String, ours: JSONStyle, foundation: JSONSerialization.WritingOptions)] = [
            ("compact", .compact, []),
            ("pretty", .pretty, .prettyPrinted),
        ]
        for style in styles {
            var ourSize = 0
            var foundationSize = 0
            let ours = measurer.measure {
                ourSize = root.jsonText(style: style.ours).utf8.count
                return ourSize
            }
            let foundation: Timing
            do {
                foundation = try measurer.measure {
                    foundationSize = try JSONSerialization.data(withJSONObject: object, options: style.foundation).count
                    return foundationSize
                }
            } catch {
                throw BenchFailure(description: "JSONSerialization could not write \(input.name): \(error)")
            }
            report.line(
                "write  \(pad("\(input.name) \(style.name)", 21)) "
                    + "ours \(pad(Format.megabytes(ourSize), 8)) \(Format.throughput(ours.megabytesPerSecond(ourSize))) "
                    + "(median \(Format.number(ours.medianMegabytesPerSecond(ourSize))))   "
                    + "JSONSerialization \(pad(Format.megabytes(foundationSize), 8)) "
                    + "\(Format.throughput(foundation.megabytesPerSecond(foundationSize))) "
                    + "(median \(Format.number(foundation.medianMegabytesPerSecond(foundationSize))))   "
                    + "ratio \(Format.ratio(foundation.best / ours.best))")
        }

        for style in styles {
            var size = 0
            let streaming = measurer.measure {
                var written = 0
                root.writeJSON(style: style.ours) { written += $0.count }
                size = written
                return written
            }
            report.line(
                "write  \(pad("\(input.name) \(style.name)", 21)) "
                    + "ours \(pad(Format.megabytes(size), 8)) \(Format.throughput(streaming.megabytesPerSecond(size))) "
                    + "(median \(Format.number(streaming.medianMegabytesPerSecond(size))))   "
                    + "streaming writeJSON in 64 KiB chunks (no JSONSerialization equivalent)")
        }
    }
}
