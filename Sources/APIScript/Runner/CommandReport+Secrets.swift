import APIClient
package import APIHTTP

extension CommandReport {
    /// What to mask in anything printed or written from this report: the secrets of every request
    /// it and its nested calls sent, and the script's own (``secrets``).
    ///
    /// A server can echo a credential back in its body, so output is masked as history is.
    package var secretRedaction: Redaction {
        calls.reduce((exchange?.request.redaction ?? Redaction()).adding(secrets: secrets)) {
            $0.merging($1.secretRedaction)
        }
    }
}
