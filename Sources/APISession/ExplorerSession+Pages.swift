package import APIClient
package import APIHTTP
package import APIMapping

extension ExplorerSession {
    /// One page of a walk, as it arrives.
    package struct PageArrival: Sendable {
        /// The page's number in this walk, from 1.
        package let number: Int
        /// The recorded call: its exchange and history row.
        package let call: RecordedCall
        /// The page's items: the elements of its model (or of the declared `items:` path).
        package let items: [JSONNode]
        /// The walk so far: pages, items, and the totals the pages announced.
        package let progress: PageWalker
        /// What comes next: another page, or why the walk ends here.
        package let step: PageWalker.Step?
    }

    /// How a walk ended.
    package struct PageWalkSummary: Sendable {
        /// Pages fetched.
        package let pages: Int
        /// Items seen over all pages.
        package let items: Int
        /// Why the walk ended; `nil` when a call had no answer (see ``failure``) or the caller stopped it.
        package let stop: PageWalker.Stop?
        /// The call that got no response, or whose request the profile could not build.
        package let failure: ClientError?
        /// Whether the caller (or a cancellation) stopped the walk before its end.
        package let interrupted: Bool
    }

    /// Walks an endpoint's pages as its `paginate:` declares, recording every page in history.
    ///
    /// Pages are fetched one after the other and handed to `onPage` as they arrive; nothing is
    /// kept across pages but counts, so memory stays flat. The walk ends at the last page, at
    /// `limit`, on a failed page, on a repeated cursor or link, when `onPage` returns `false`, or when
    /// the task is cancelled.
    ///
    /// ```swift
    /// let summary = try await session.walkPages(endpoint: "repos", parameters: [:], profile: github, limit: 3) {
    ///     page in
    ///     print("page \(page.number): \(page.items.count) items")
    ///     return true
    /// }
    /// summary.stop  // .lastPage("no 'next' link")
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint id.
    ///   - parameters: The first page's parameters.
    ///   - profile: The backend; the endpoint must page (``Profile/pagination(for:)``).
    ///   - limit: The most pages; `nil` for the declaration's `max_pages`.
    ///   - options: What every page's call changes (its envelope); a changed model is where the
    ///     items are, over the declaration's `items:`.
    ///   - progress: Receives download progress of each page.
    ///   - onPage: Receives each page; returns whether to go on.
    /// - Returns: How the walk ended.
    /// - Throws: ``PagingError`` when the endpoint does not page; what starting the demo backend throws.
    package func walkPages(
        endpoint: String, parameters: [String: String], profile: Profile, limit: Int? = nil,
        options: CallOptions = CallOptions(), progress: (@Sendable (ProgressReport) -> Void)? = nil,
        onPage: (PageArrival) async -> Bool
    ) async throws -> PageWalkSummary {
        guard let declared = profile.endpoint(endpoint) else {
            let known = profile.endpoints.map(\.id).joined(separator: ", ")
            throw PagingError("unknown endpoint '\(endpoint)' in profile '\(profile.name)'; expected one of \(known)")
        }
        guard var pagination = profile.pagination(for: endpoint) else {
            throw PagingError(
                "endpoint '\(endpoint)' of profile '\(profile.name)' does not page: declare 'paginate:' for it or "
                    + "the profile")
        }
        let values = declared.withDefaults(parameters)
        if let problem = PageWalker.problem(pagination: pagination, parameters: values) {
            throw PagingError(problem)
        }
        if options.envelope.model != nil { pagination.items = nil }
        var walker = PageWalker(pagination: pagination, parameters: values, limit: limit)
        var request = ExplorerSession.Request.customized(endpoint, parameters: parameters, options: options)
        while true {
            if Task.isCancelled {
                return summary(walker, stop: nil, interrupted: true)
            }
            let call = try await send(request, profile: profile, progress: progress)
            let exchange: APIExchange
            switch call.result {
            case .success(let answer): exchange = answer
            case .failure(let error):
                _ = await onPage(
                    PageArrival(number: walker.pagesFetched + 1, call: call, items: [], progress: walker, step: nil))
                return PageWalkSummary(
                    pages: walker.pagesFetched, items: walker.itemsSeen, stop: nil, failure: error, interrupted: false)
            }
            let page = walker.advance(after: exchange)
            let goOn = await onPage(
                PageArrival(
                    number: walker.pagesFetched, call: call, items: page.items, progress: walker, step: page.step))
            switch page.step {
            case .finished(let stop):
                return summary(walker, stop: stop, interrupted: false)
            case .next(let next):
                guard goOn else { return summary(walker, stop: nil, interrupted: true) }
                var pageOptions = options
                pageOptions.page = next
                request = .customized(endpoint, parameters: parameters, options: pageOptions)
            }
        }
    }

    private func summary(_ walker: PageWalker, stop: PageWalker.Stop?, interrupted: Bool) -> PageWalkSummary {
        PageWalkSummary(
            pages: walker.pagesFetched, items: walker.itemsSeen, stop: stop, failure: nil, interrupted: interrupted)
    }
}

/// A walk that cannot start: the endpoint is unknown, or declares no `paginate:`.
///
/// ```swift
/// error.description
/// // "endpoint 'user' of profile 'demo' does not page: declare 'paginate:' for it or the profile"
/// ```
package struct PagingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
