/// Profiles, HTTP transport, middleware and sequencing over the ``APIMapping`` core.
///
/// This module is being built; see README's Design section.
public enum APIClientModule {
    /// The module's version, matching the `apiexplore` executable.
    public static let version = "0.1.0"
}
