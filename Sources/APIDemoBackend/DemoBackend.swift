/// The embedded demo backend: real envelope families over loopback, for the `demo` profile,
/// `apiexplore serve-demo` and the tests.
///
/// This module is being built; see README's Design section.
public enum DemoBackendModule {
    /// The module's version, matching the `apiexplore` executable.
    public static let version = "0.1.0"
}
