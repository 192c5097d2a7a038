extension Profile {
    /// The profile's own base URL, before any environment replaces it (exports write each
    /// environment's apart).
    package var sharedBaseURL: Template? { shared.baseURL }

    /// The profile's own headers, before any environment's are applied.
    package var sharedHeaders: [HeaderTemplate] { shared.headers }

    /// The profile's own variables (`vars:`), before any environment's replace them.
    package var sharedVariables: [ProfileVariable] { shared.variables }
}
