/// The JSON body of a fetch, with the field names of Firebase's REST protocol.
struct FetchRequestBody: Encodable, Sendable, Equatable {
    var appInstanceID: String
    var appInstanceIDToken: String
    var appID: String
    var appVersion: String?
    var packageName: String?
    var languageCode: String
    var timeZone: String
    var sdkVersion: String

    enum CodingKeys: String, CodingKey {
        case appInstanceID = "app_instance_id"
        case appInstanceIDToken = "app_instance_id_token"
        case appID = "app_id"
        case appVersion = "app_version"
        case packageName = "package_name"
        case languageCode = "language_code"
        case timeZone = "time_zone"
        case sdkVersion = "sdk_version"
    }
}
