/// `bistro` without a command (not on a terminal): a plain-text summary of what the app holds.
enum SummaryCommand {
    static func run(_ composition: Composition) throws {
        let menus = try MenuCommand.refreshedMenus(composition)
        try ContactsCommand.sync(composition)
        let contacts = try ContactsCommand.stored(in: composition.database)
        let style = Style.standardOutput
        emit(style.bold("Menu") + "\n" + MenuOutput.text(menus, style: style) + "\n\n"
            + style.bold("Contacts") + "\n" + ContactsOutput.text(contacts, style: style))
    }
}
