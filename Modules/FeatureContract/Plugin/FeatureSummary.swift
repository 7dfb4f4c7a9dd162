/// A feature's section of `bistro`'s plain summary (what `bistro` prints when it is not on a
/// terminal): a title and the text under it.
public struct FeatureSummary: Sendable {
    /// The section's title: "Menu".
    public var title: String
    /// The section's text, synced from the services as the feature's own command would.
    public var text: @Sendable (FeatureServices) async throws -> String

    /// A section called `title` whose text `text` makes.
    public init(title: String, text: @escaping @Sendable (FeatureServices) async throws -> String) {
        self.title = title
        self.text = text
    }
}
