import FeatureContract

/// The app without a subcommand, not on a terminal: every plugin's summary section, in the order
/// of the plugin list, each synced as the plugin's own command would.
enum Summary {
    static func text(_ host: PluginHost, services: FeatureServices) async throws -> String {
        let style = services.console.style
        var sections: [String] = []
        for summary in host.summaries {
            sections.append(style.bold(summary.title) + "\n" + (try await summary.text(services)))
        }
        return sections.joined(separator: "\n\n")
    }
}
