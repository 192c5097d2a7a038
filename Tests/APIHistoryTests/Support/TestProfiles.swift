import APIClient

/// Profiles for the history tests, against the demo backend.
enum TestProfiles {
    /// The demo's code/msg/data endpoints, with a model store on users.
    static func codeMessage() throws -> Profile {
        try Profile(
            yaml: """
                name: cmd
                description: code/msg/data endpoints of the demo backend
                base_url: "${demo:base_url}"
                envelope: {status: code, success: 0, tip: msg, model: data}
                endpoints:
                  user:
                    path: /cmd/users/{id}
                    params: {id: {default: "1001"}}
                    store: {table: users, identity: [id]}
                  users:
                    path: /cmd/users
                    store: {table: users, identity: [id], model: data>list}
                  orders:
                    path: /cmd/orders
                  large:
                    path: /hazards/large
                    query: {size: "${size}"}
                    envelope: {status: null, success: http, tip: [], model: ""}
                """,
            file: "cmd.yaml")
    }

    /// The demo's echo route, sending one token in a header, a query item and a body path.
    static func secrets() throws -> Profile {
        try Profile(
            yaml: """
                name: secrets
                description: Sends a token three ways to an echoing server
                base_url: "${demo:base_url}"
                auth: {bearer: {token: "${env:SECRET_TOKEN}"}}
                redact: {body: [auth>token]}
                envelope: {status: null, success: http, tip: [], model: ""}
                endpoints:
                  echo:
                    method: POST
                    path: /hazards/echo
                    query: {access_token: "${env:SECRET_TOKEN}", q: swift}
                    body: {auth: {token: "${env:SECRET_TOKEN}"}, note: hello}
                """,
            file: "secrets.yaml")
    }
}
