import APIHTTP
import Yams

extension Profile {
    /// A `redirects:` policy, a profile's or an endpoint's: `follow`, `same-origin` or `none`, or a
    /// mapping `{mode, max, allow_downgrade, resend_body}` whose missing keys keep the defaults.
    ///
    /// ```yaml
    /// redirects: same-origin
    /// redirects: {mode: follow, max: 3, allow_downgrade: true}
    /// ```
    static func redirectPolicy(_ node: Node, _ reader: ProfileYAMLReader, of owner: String? = nil)
        throws(ProfileError) -> RedirectPolicy
    {
        let suffix = owner.map { " of \($0)" } ?? ""
        func label(_ key: String) -> String { "'redirects.\(key)'" + suffix }
        var policy = RedirectPolicy()
        if node.scalar != nil {
            policy.mode = try reader.choice(node, key: "'redirects'" + suffix, noun: "redirect mode")
            return policy
        }
        let fields = try reader.fields(
            node, "'redirects'" + suffix, allowed: ["mode", "max", "allow_downgrade", "resend_body"])
        if let mode = fields["mode"] {
            policy.mode = try reader.choice(mode, key: label("mode"), noun: "redirect mode")
        }
        if let node = fields["max"] {
            policy.limit = try reader.int(node, label("max"))
            guard (0...RedirectPolicy.maximumLimit).contains(policy.limit) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(node),
                    "\(label("max")) must be in 0...\(RedirectPolicy.maximumLimit)")
            }
            if policy.limit == 0 { policy.mode = .none }
        }
        if let node = fields["allow_downgrade"] {
            policy.allowsDowngrade = try reader.bool(node, label("allow_downgrade"))
        }
        if let node = fields["resend_body"] {
            policy.resendsBodyAcrossOrigins = try reader.bool(node, label("resend_body"))
        }
        return policy
    }
}
