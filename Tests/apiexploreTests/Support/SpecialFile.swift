import Foundation

/// What stands where a test asks apiexplore to write a file: everything but a regular file, which
/// every writer must refuse and leave as it was.
enum SpecialFile: String, CaseIterable, CustomStringConvertible, Sendable {
    case fifo
    case symbolicLink
    case danglingLink
    case characterDevice
    case folder

    var description: String { rawValue }

    /// A made special file: what the refusal calls it, and a way to see that it did not change.
    struct Made {
        let path: String
        /// How apiexplore's message names it ("a FIFO", "a symbolic link", …).
        let description: String
        /// The file a link points to, whose contents must not change either.
        let linkTarget: String?

        /// The file's type, mode, device number, link text and the contents behind it.
        func snapshot() throws -> [String] {
            var status = stat()
            guard lstat(path, &status) == 0 else { return ["missing"] }
            var facts = ["mode \(status.st_mode)", "rdev \(status.st_rdev)", "size \(status.st_size)"]
            if status.st_mode & S_IFMT == S_IFLNK {
                facts.append("link \(try FileManager.default.destinationOfSymbolicLink(atPath: path))")
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                facts.append("entries \(try FileManager.default.contentsOfDirectory(atPath: path).sorted())")
            }
            if let linkTarget {
                facts.append("target \(FileManager.default.contents(atPath: linkTarget).map { Array($0) } ?? [])")
            }
            return facts
        }
    }

    /// Makes the special file at `path`. A device needs root (`mknod`); without it the case uses a
    /// FIFO and says so.
    func make(at path: String, in directory: URL) throws -> Made {
        switch self {
        case .fifo:
            guard mkfifo(path, 0o600) == 0 else { throw Failure("mkfifo \(path): \(errnoText())") }
            return Made(path: path, description: "a FIFO", linkTarget: nil)
        case .symbolicLink:
            let target = directory.appendingPathComponent("precious").path
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            return Made(path: path, description: "a symbolic link", linkTarget: target)
        case .danglingLink:
            let target = directory.appendingPathComponent("not-yet").path
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            return Made(path: path, description: "a symbolic link", linkTarget: target)
        case .characterDevice:
            // Major 1, minor 3: what /dev/null is, made in the test's own folder.
            guard geteuid() == 0 else {
                print("SpecialFile.characterDevice: not root, mknod needs CAP_MKNOD; checking a FIFO instead")
                return try SpecialFile.fifo.make(at: path, in: directory)
            }
            guard mknod(path, S_IFCHR | 0o666, (1 << 8) | 3) == 0 else {
                throw Failure("mknod \(path): \(errnoText())")
            }
            return Made(path: path, description: "a character device", linkTarget: nil)
        case .folder:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            return Made(path: path, description: "a folder", linkTarget: nil)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func errnoText() -> String { String(cString: strerror(errno)) }
}
