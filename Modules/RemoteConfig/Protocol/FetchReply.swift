/// What a well-formed fetch answer means for the client.
enum FetchReply: Sendable, Equatable {
    /// NO_CHANGE or 304: the fetched values are current. A NO_CHANGE names the template version
    /// they now belong to (a publish that changed nothing this app sees still numbers a new one).
    case unchanged(etag: String?, templateVersion: String? = nil)
    /// UPDATE (the new template), or NO_TEMPLATE / EMPTY_CONFIG (the empty template).
    case template(RemoteTemplate, etag: String?)
}
