#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `read(2)` under one name on every platform (Foundation's `FileHandle` cannot read a bounded
/// chunk of a non-blocking descriptor): the bounded file reader and the upload's file reader share it.
#if canImport(Glibc)
    package let systemRead = Glibc.read
#elseif canImport(Musl)
    package let systemRead = Musl.read
#elseif canImport(Darwin)
    package let systemRead = Darwin.read
#endif
