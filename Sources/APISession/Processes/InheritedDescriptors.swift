#if canImport(Darwin)
    package import Darwin
#elseif canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#endif

/// Keeps a spawned command from inheriting this process's descriptors beyond its standard three.
///
/// Descriptors opened without close-on-exec (Foundation's `Process` watches each child through one;
/// libraries open sockets and files so) would pass to the command and to whatever it leaves running:
/// an editor that starts a server, a password manager's agent. A long-lived holder of a socket keeps
/// its peer from seeing the close; of a pipe, its reader from seeing the end.
package enum InheritedDescriptors {
    /// Adds to `actions` a close of every descriptor above standard error open now (on Darwin, sets
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT` in `flags` instead). Descriptors closed after the listing fail
    /// with EBADF in the child, which glibc and musl ignore.
    ///
    /// ```swift
    /// var flags = POSIX_SPAWN_SETSIGMASK
    /// let failure = InheritedDescriptors.close(in: &actions, flags: &flags)
    /// ```
    ///
    /// - Returns: 0, or the error number of the first action that could not be added.
    #if canImport(Darwin)
        package static func close(in actions: inout posix_spawn_file_actions_t?, flags: inout Int32) -> Int32 {
            flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
            return 0
        }
    #else
        package static func close(in actions: inout posix_spawn_file_actions_t, flags: inout Int32) -> Int32 {
            for descriptor in openDescriptors() where descriptor > 2 {
                let result = posix_spawn_file_actions_addclose(&actions, descriptor)
                if result != 0 { return result }
            }
            return 0
        }

        /// The descriptors open in this process, from `/proc/self/fd`; none if it cannot be listed.
        private static func openDescriptors() -> [Int32] {
            guard let listing = opendir("/proc/self/fd") else { return [] }
            defer { closedir(listing) }
            var descriptors: [Int32] = []
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if let descriptor = Int32(name) { descriptors.append(descriptor) }
            }
            return descriptors
        }
    #endif
}
