/// `bistro` without a command (not on a terminal): a plain-text summary of what the app holds.
enum SummaryCommand {
    static func run(_ composition: Composition) throws {
        try ContactsCommand.sync(composition)
        let contacts = try ContactsCommand.stored(in: composition.database)
        emit("Contacts\n" + ContactsOutput.text(contacts, style: .standardOutput))
    }
}
