/// The words Firebase's REST clients read as booleans, in one place so the lenient `boolValue` and
/// the strict `decoded(as: Bool.self)` agree.
enum BooleanWords {
    /// `true` or `false` for a boolean word (any case, surrounding blanks ignored), else `nil`.
    static func parse(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "1", "true", "t", "yes", "y", "on": true
        case "0", "false", "f", "no", "n", "off", "": false
        default: nil
        }
    }
}
