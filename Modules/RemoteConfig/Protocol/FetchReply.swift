/// What a well-formed fetch answer means for the client.
enum FetchReply: Sendable, Equatable {
    /// NO_CHANGE or 304: the fetched template is current.
    case unchanged(etag: String?)
    /// UPDATE (the new template), or NO_TEMPLATE / EMPTY_CONFIG (the empty template).
    case template(RemoteTemplate, etag: String?)
}
