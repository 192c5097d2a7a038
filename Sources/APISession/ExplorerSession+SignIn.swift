import APIClient
import APIHTTP
import APIMapping
import Crypto
import Foundation
import Synchronization

extension ExplorerSession {
    /// The header `profile`'s `auth: {oauth2}` or `auth: {login}` puts on requests, with the access
    /// token in it, signing in when there is no usable token (or the one in use is the token
    /// `rejecting` names, which the server refused); `nil` for other auth.
    ///
    /// Tokens are cached per profile in `tokens/PROFILE.json` (0600) under the state directory, and
    /// replaced shortly before they expire: by the refresh grant when there is a refresh token,
    /// else by signing in again.
    func credential(for profile: Profile, rejecting: String?) async throws(ClientError)
        -> (name: String, value: String, token: String)?
    {
        let header: (name: String, prefix: String)
        switch profile.auth {
        case .oauth2?: header = ("Authorization", "Bearer ")
        case .login(let login)?: header = (login.header, login.prefix)
        default: return nil
        }
        let tokens = try await tokenSet(for: profile, rejecting: rejecting)
        return (header.name, header.prefix + tokens.accessToken, tokens.accessToken)
    }

    /// The token values to mask in everything `profile`'s calls show or store: the tokens in use
    /// and every one replaced or refused before them.
    func tokenSecrets(of profile: Profile) -> [String] {
        (tokens[profile.name]?.secrets ?? []) + (retiredSecrets[profile.name] ?? [])
    }

    /// Keeps masking `secrets` for `profile` after they stop being used.
    func retire(_ secrets: [String], of profile: Profile) {
        secretGate.add(secrets)
        retiredSecrets[profile.name, default: []].formUnion(secrets)
    }

    /// What a token is bound to: the profile's file, base URL and `auth` block, hashed. A profile
    /// of the same name from another folder, or one whose base URL or token URL changed, never
    /// receives a token obtained for another.
    static func signInFingerprint(of profile: Profile) -> String {
        var parts = [profile.file, profile.baseURL.text]
        switch profile.auth {
        case .oauth2(let spec)?:
            parts += [spec.grant.rawValue, spec.tokenURL.text, spec.clientID.text]
            parts += [spec.scope, spec.authorizeURL, spec.deviceURL].map { $0?.text ?? "" }
        case .login(let login)?:
            let endpoint = profile.endpoint(login.endpoint)
            parts += [login.endpoint, endpoint?.method ?? "", endpoint?.path.text ?? "", login.header, login.prefix]
        default:
            break
        }
        let digest = SHA256.hash(data: Data(parts.joined(separator: "\u{0}").utf8))
        return digest.map { String(format: "%02x", $0) }.joined()
    }

    private func tokenFile(_ profile: Profile) -> URL? {
        stateDirectory?.appending(path: "tokens/\(Self.fileName(profile.name)).json")
    }

    private func tokenSet(for profile: Profile, rejecting: String?) async throws(ClientError) -> TokenSet {
        if let running = signIns[profile.name] { return try await Self.value(of: running) }
        let issuer = Self.signInFingerprint(of: profile)
        var current = tokens[profile.name]
        if current == nil, let file = tokenFile(profile) {
            do {
                current = try TokenSet.load(file)
            } catch {
                throw ClientError.signIn(error)
            }
        }
        if let cached = current, cached.issuer != issuer {
            // Issued for another file, base URL or auth: never sent here, but still masked.
            retire(cached.secrets, of: profile)
            current = nil
        }
        if let current, current.accessToken != rejecting, !current.isStale(now: Date()) {
            secretGate.add(current.secrets)
            tokens[profile.name] = current
            return current
        }
        let refusalKey = profile.name + "\u{0}" + issuer
        if let refusal = refusedSignIns[refusalKey] { throw refusal }
        let known = current
        retire(known?.secrets ?? [], of: profile)
        let task = Task { () async throws -> TokenSet in
            var fresh = try await self.signIn(profile, known: known)
            fresh.issuer = issuer
            return fresh
        }
        signIns[profile.name] = task
        defer { signIns[profile.name] = nil }
        // The caller's cancellation (Esc, Ctrl-C) reaches the sign-in: no browser wait or device
        // polling is left behind for the next call to join.
        let outcome: Result<TokenSet, ClientError> = await withTaskCancellationHandler {
            do throws(ClientError) {
                return .success(try await Self.value(of: task))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            task.cancel()
        }
        if case .failure(let error) = outcome, error.transportError?.kind == .signIn {
            refusedSignIns[refusalKey] = error
        }
        let fresh = try outcome.get()
        secretGate.add(fresh.secrets)
        tokens[profile.name] = fresh
        if let file = tokenFile(profile) {
            do {
                try fresh.save(file)
            } catch {
                notify("\(error)")
            }
        }
        return fresh
    }

    private static func value(of task: Task<TokenSet, any Error>) async throws(ClientError) -> TokenSet {
        do {
            return try await task.value
        } catch let error as ClientError {
            throw error
        } catch let error as TransportError {
            throw ClientError.signIn(error)
        } catch is CancellationError {
            throw ClientError.signIn(TransportError(kind: .cancelled, request: "", message: "sign-in cancelled"))
        } catch {
            throw ClientError.signIn(TransportError(kind: .signIn, request: "", message: "\(error)"))
        }
    }

    private func signIn(_ profile: Profile, known: TokenSet?) async throws -> TokenSet {
        switch profile.auth {
        case .oauth2(let spec)?:
            let oauth: ResolvedOAuth2
            do {
                oauth = try spec.resolve(
                    profileName: profile.name, environment: environment,
                    demoBaseURL: try await demoBaseURL(for: profile), variables: profile.variables,
                    secrets: try await secrets(for: profile, endpoint: nil))
            } catch let error as ProfileError {
                throw ClientError.signIn(error)
            }
            retire(oauth.secrets, of: profile)
            let client = OAuth2Client(
                oauth: oauth, transport: transport,
                redaction: profile.redaction.adding(secrets: oauth.secrets + (known?.secrets ?? [])))
            if let refresh = known?.refreshToken ?? (oauth.grant == .refreshToken ? oauth.refreshToken : nil) {
                switch try await client.refresh(refresh) {
                case .success(let tokens): return tokens
                case .failure(let refusal) where oauth.grant == .refreshToken: throw refusal
                case .failure(let refusal): notify("\(refusal.message); signing in again")
                }
            }
            switch oauth.grant {
            case .clientCredentials: return try await client.clientCredentials()
            case .refreshToken:
                throw TransportError(kind: .signIn, request: "", message: "no refresh token to start from")
            case .authorizationCode: return try await authorizationCode(client, oauth)
            case .deviceCode: return try await deviceCode(client)
            }
        case .login(let login)?:
            return try await logIn(profile, login)
        default:
            throw TransportError(kind: .signIn, request: "", message: "profile '\(profile.name)' has no sign-in")
        }
    }

    private func authorizationCode(_ client: OAuth2Client, _ oauth: ResolvedOAuth2) async throws -> TokenSet {
        guard let authorize = oauth.authorizeURL else {
            throw TransportError(kind: .signIn, request: "", message: "no authorize_url")
        }
        let pkce = PKCE()
        let state = PKCE.randomText(bytes: 16)
        let notify = self.notify
        let redirect = Mutex<String?>(nil)
        let callback = try await LoopbackRedirect.receive(
            port: oauth.redirectPort, state: state, timeout: .seconds(300)
        ) { uri in
            redirect.withLock { $0 = uri }
            var items = [
                ("response_type", "code"), ("client_id", oauth.clientID), ("redirect_uri", uri), ("state", state),
                ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"),
            ]
            if let scope = oauth.scope { items.append(("scope", scope)) }
            let query = items.map { "\(OAuth2Client.encode($0.0))=\(OAuth2Client.encode($0.1))" }.joined(separator: "&")
            notify("sign in: open \(authorize)\(authorize.contains("?") ? "&" : "?")\(query)")
        }
        guard callback.state == state else {
            throw TransportError(
                kind: .signIn, request: "", message: "the redirect's state does not match; refusing the code")
        }
        guard let code = callback.code, let uri = redirect.withLock({ $0 }) else {
            throw TransportError(
                kind: .signIn, request: "",
                message: "the authorization server refused: "
                    + client.redaction.redact(text: callback.error ?? "no code"))
        }
        return try await client.exchange(code: code, verifier: pkce.verifier, redirectURI: uri)
    }

    private func deviceCode(_ client: OAuth2Client) async throws -> TokenSet {
        let grant = try await client.startDevice()
        notify("sign in: open \(grant.verificationURL) and enter the code \(grant.userCode)")
        var interval = grant.interval
        while ContinuousClock.now < grant.deadline {
            try await Task.sleep(for: interval)
            switch try await client.pollDevice(grant) {
            case .tokens(let tokens): return tokens
            case .pending(let slowDown): if slowDown { interval += .seconds(5) }
            case .refused(_, let failure): throw failure
            }
        }
        throw TransportError(kind: .signIn, request: "", message: "the device code expired before it was entered")
    }

    /// Calls the profile's login endpoint (recorded in history, its token masked as every call of
    /// it is: ``sendSigned(_:profile:progress:rejecting:signsIn:reauthOf:)``) and reads the token.
    private func logIn(_ profile: Profile, _ login: LoginSpec) async throws -> TokenSet {
        let (call, _) = try await sendSigned(
            .endpoint(login.endpoint, parameters: [:]), profile: profile, progress: nil, rejecting: nil,
            signsIn: false, reauthOf: nil)
        let exchange: APIExchange
        switch call.result {
        case .success(let value): exchange = value
        case .failure(let error): throw error
        }
        guard exchange.evaluation.outcome == .success else {
            throw TransportError(
                kind: .signIn, request: "",
                message: "login endpoint '\(login.endpoint)' answered \(exchange.response.status), "
                    + "\(exchange.evaluation.outcome.rawValue)\(exchange.evaluation.tip.map { ": \($0)" } ?? "")")
        }
        guard let root = exchange.body.document?.root, let token = login.token.match(in: root)?.node.stringValue,
            !token.isEmpty
        else {
            throw TransportError(
                kind: .signIn, request: "",
                message: "login endpoint '\(login.endpoint)' answered without a token at \(login.token)")
        }
        secretGate.add([token])
        return TokenSet(accessToken: token, refreshToken: nil, expiresAt: nil)
    }
}
