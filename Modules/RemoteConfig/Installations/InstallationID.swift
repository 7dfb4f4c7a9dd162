import Foundation

/// Firebase installation IDs (FIDs) as Firebase's SDKs make them: 17 random bytes whose first four
/// bits are 0111, in URL-safe base64 cut to 22 characters, so that every FID starts with c, d, e or f.
enum InstallationID {
    /// A new random FID.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(from: (0..<17).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The FID of 17 `bytes` (the first one's high four bits are replaced).
    static func make(from bytes: [UInt8]) -> String {
        precondition(bytes.count == 17, "an FID is made of 17 bytes")
        var bytes = bytes
        bytes[0] = 0b0111_0000 | (bytes[0] & 0x0F)
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        return String(text.prefix(22))
    }

    /// Whether `text` has an FID's shape: 22 URL-safe base64 characters, the first one c, d, e or f.
    static func isValid(_ text: String) -> Bool {
        let characters = Array(text.utf8)
        guard characters.count == 22, [UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "e"), UInt8(ascii: "f")].contains(characters[0])
        else {
            return false
        }
        return characters.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }
}
