import Auth
import BistroApp
import Contacts
import Menu
import Specials

BistroApp.main(
    AppDescription(name: "specials-app", version: "1.0.0", abstract: "Bistro's features and today's specials."),
    plugins: [MenuFeature.plugin, ContactsFeature.plugin, AuthFeature.plugin, SpecialsFeature.plugin])
