import Foundation

/// The JSON body of a fetch, with the field names of Firebase's REST protocol (as its Android SDK
/// sends them): every field a client off a phone can fill.
struct FetchRequestBody: Encodable, Sendable, Equatable {
    /// The installation ID (FID).
    var appInstanceID: String
    /// The installation's auth token, as in the header.
    var appInstanceIDToken: String
    /// The Firebase app ID.
    var appID: String
    /// The region of the user's locale, for country conditions; absent when the locale names none.
    var countryCode: String?
    /// The user's language, for language conditions.
    var languageCode: String
    /// The operating system's version.
    var platformVersion: String
    /// The time zone's identifier.
    var timeZone: String
    /// The app's version, for version conditions.
    var appVersion: String?
    /// The app's build number.
    var appBuild: String?
    /// The bundle identifier or package name.
    var packageName: String
    /// This client's identifier.
    var sdkVersion: String
    /// Analytics' user properties: there is no Analytics here, so always empty (Firebase sends `{}` then).
    var analyticsUserProperties: [String: String] = [:]
    /// The custom signals, when any are set.
    var customSignals: [String: String]?
    /// When the app first ran, ISO 8601 in UTC.
    var firstOpenTime: String?

    enum CodingKeys: String, CodingKey {
        case appInstanceID = "appInstanceId"
        case appInstanceIDToken = "appInstanceIdToken"
        case appID = "appId"
        case countryCode, languageCode, platformVersion, timeZone, appVersion, appBuild, packageName, sdkVersion
        case analyticsUserProperties, customSignals, firstOpenTime
    }
}
