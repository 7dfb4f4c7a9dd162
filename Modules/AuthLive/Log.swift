/// Where the live client reports what it did (fetched keys, refused a token). Messages name
/// reasons, key ids and errors, never a token.
struct Log: Sendable {
    let sink: (@Sendable (String) -> Void)?

    func callAsFunction(_ message: @autoclosure () -> String) {
        sink?(message())
    }
}
