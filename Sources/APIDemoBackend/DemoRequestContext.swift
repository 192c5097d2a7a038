import Hummingbird
import NIOCore

/// The request context of the demo backend: Hummingbird's basic context plus the connection's channel,
/// so that hazard routes can drop a connection mid-response.
struct DemoRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
