/// `bistro` without a command (not on a terminal): a plain-text summary of what the app holds.
enum SummaryCommand {
    static func run(_ composition: Composition) throws {
        // One fetch for both features.
        let outcome = RemoteConfigSync.run(composition, explicit: false)
        let menus = try MenuCommand.refreshedMenus(composition, outcome: outcome)
        try ContactsCommand.sync(composition, outcome: outcome)
        let contacts = try ContactsCommand.stored(in: composition.database)
        let style = ConsoleStyle.standardOutput
        emit(style.bold("Menu") + "\n" + MenuOutput.text(menus, style: style) + "\n\n"
            + style.bold("Contacts") + "\n" + ContactsOutput.text(contacts, style: style))
    }
}
