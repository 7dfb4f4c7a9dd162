/// Turns the bytes a raw-mode terminal sends into keys, across reads.
///
/// A read may end inside an escape sequence or a UTF-8 character; the parser keeps the incomplete
/// tail and finishes it with the next read. A lone ESC at the end of a read is ambiguous (the
/// Escape key, or the start of a sequence still on its way), so it waits: the next read decides,
/// or `flush()` calls it Escape when no more bytes came (the live terminal does so after a short
/// pause, as terminal editors do). A bracketed paste (`ESC [200~` … `ESC [201~`) is one
/// `.paste` key, however many reads it spans.
public struct KeyParser: Sendable {
    private var pending: [UInt8] = []

    /// An empty parser.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence.
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// The keys completed by `bytes`; an incomplete tail is kept for the next call.
    public mutating func parse<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending, from: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The keys for whatever is held back, read as complete: a lone ESC becomes Escape. A paste
    /// still arriving is kept: its end is on its way, however slowly.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        while !pending.isEmpty {
            if pending.starts(with: Self.pasteStart) { return keys }
            if pending[0] == 0x1B {
                keys.append(.escape)
                pending.removeFirst()
                keys += parse([])
            } else {
                // An incomplete UTF-8 character that never completed.
                pending.removeFirst()
            }
        }
        return keys
    }

    /// One key (or `nil` for bytes that name no key) and its length, or `nil` if the bytes from
    /// `start` are the incomplete beginning of something.
    private static func decode(_ bytes: [UInt8], from start: Int) -> (Key?, Int)? {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            return decodeEscape(bytes, from: start)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x00:
            return (.control(" "), 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x1C...0x1F:
            return (nil, 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(byte))), 1)
        default:
            return decodeUTF8(bytes, from: start)
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], from start: Int) -> (Key?, Int)? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case 0x5B:  // ESC [  (CSI)
            return decodeCSI(bytes, from: start)
        case 0x4F:  // ESC O  (SS3, arrows in application cursor mode)
            guard start + 2 < bytes.count else { return nil }
            let key: Key? =
                switch bytes[start + 2] {
                case 0x41: .up
                case 0x42: .down
                case 0x43: .right
                case 0x44: .left
                case 0x48: .home
                case 0x46: .end
                default: nil
                }
            return (key, 3)
        case 0x1B:
            // ESC ESC: the first is Escape on its own; the second starts afresh.
            return (.escape, 1)
        default:
            // ESC followed by anything else is Escape, then that key (Alt is not modelled).
            return (.escape, 1)
        }
    }

    /// CSI parameters (0x30–0x3F), intermediates (0x20–0x2F), then one final byte (0x40–0x7E).
    private static func decodeCSI(_ bytes: [UInt8], from start: Int) -> (Key?, Int)? {
        var index = start + 2
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        let final = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else {
            // Not a well-formed sequence: drop the introducer and read on.
            return (nil, 2)
        }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if final == 0x7E, parameters == "200" {
            return decodePaste(bytes, from: start, contentStart: index + 1)
        }
        let key: Key? =
            switch final {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            case 0x5A: .backTab
            case 0x7E:
                // "5~", or "5;3~" with a modifier, which is ignored.
                switch parameters.split(separator: ";").first {
                case "1", "7": .home
                case "2": .insert
                case "3": .delete
                case "4", "8": .end
                case "5": .pageUp
                case "6": .pageDown
                default: nil
                }
            default: nil
            }
        return (key, length)
    }

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The text up to the end-of-paste sequence, or nil while it has not arrived.
    private static func decodePaste(_ bytes: [UInt8], from start: Int, contentStart: Int) -> (Key?, Int)? {
        var index = contentStart
        while index + pasteEnd.count <= bytes.count {
            if bytes[index] == 0x1B, bytes[index..<(index + pasteEnd.count)].elementsEqual(pasteEnd) {
                let text = String(decoding: bytes[contentStart..<index], as: UTF8.self)
                return (.paste(text), index + pasteEnd.count - start)
            }
            index += 1
        }
        return nil
    }

    private static func decodeUTF8(_ bytes: [UInt8], from start: Int) -> (Key?, Int)? {
        let lead = bytes[start]
        let length =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (nil, 1) }
        guard start + length <= bytes.count else {
            // Wait for the rest, unless a byte already here cannot continue the character.
            for index in (start + 1)..<bytes.count where bytes[index] & 0xC0 != 0x80 { return (nil, 1) }
            return nil
        }
        var decoded = ""
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = bytes[start..<(start + length)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            scalars.append(scalar)
            decoded = String(scalars)
        }
        guard let character = decoded.first else { return (nil, 1) }
        return (.character(character), length)
    }
}
