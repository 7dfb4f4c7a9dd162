import Auth
import BistroApp
import Contacts
import Menu

// The composition root: the app's description and its plugins, in the order of their tabs.
BistroApp.main(
    AppDescription(
        name: "bistro", version: bistroVersion,
        abstract: "Bistro: the seller's menu, orders and contacts, from remote config through a local database.",
        discussion: """
            Without a command: on a terminal, the full-screen app (sign in, then Menu, Contacts and
            Account in tabs; Tab switches, Ctrl-C quits); otherwise a summary of the menu and the contacts.
            """),
    plugins: [MenuFeature.plugin, ContactsFeature.plugin, AuthFeature.plugin])
