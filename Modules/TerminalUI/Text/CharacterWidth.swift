/// Terminal cell widths, as terminals draw them: East Asian wide and fullwidth characters and
/// emoji take two cells, combining marks and format characters none, everything else one.
///
/// Width is decided per grapheme cluster (`Character`), so a base letter with its combining marks,
/// a Hangul syllable spelt with conjoining jamo, or an emoji ZWJ sequence is measured once, by its
/// first scalar. Characters of ambiguous width (box drawing, `…`) count as one cell, which is what
/// terminals do outside CJK locales.
extension Character {
    /// The number of terminal cells the character takes: 0, 1 or 2.
    public var terminalWidth: Int {
        // ASCII needs no Unicode property look-ups; it is most text, and all of a pasted token.
        if let ascii = asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A lone scalar of the blocks a frame is mostly made of (Hangul, CJK, box drawing, Latin-1)
        // is measured by its value: property look-ups were a third of drawing a frame.
        if scalars.index(after: scalars.startIndex) == scalars.endIndex, let width = Self.widthByBlock(first.value) { return width }
        return Self.widthByProperties(scalars)
    }

    /// The width of a lone scalar `value` of a block whose every scalar has the same width, as
    /// `widthByProperties` finds it (a test compares the two over every scalar); nil elsewhere.
    static func widthByBlock(_ value: UInt32) -> Int? {
        switch value {
        case 0x80...0x9F: 0  // C1 controls
        case 0xA0...0xAC, 0xAE...0x2FF: 1  // Latin-1 and Latin Extended, but the soft hyphen (a format character)
        case 0x2010...0x2027, 0x20A0...0x20BF, 0x2500...0x259F: 1  // punctuation, currency (₩), box drawing and blocks
        case 0x3131...0x318E, 0x4E00...0x9FFF, 0xAC00...0xD7A3: 2  // Hangul jamo and syllables, CJK ideographs
        default: nil
        }
    }

    /// The width from the Unicode properties of the character's scalars.
    static func widthByProperties(_ scalars: String.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        if first.properties.generalCategory == .control { return 0 }
        if scalars.allSatisfy(\.isZeroWidth) { return 0 }
        if first.isWide { return 2 }
        // U+FE0F asks for the emoji presentation of a character that is text by default (❤️).
        if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
        return 1
    }

    /// Whether the character is a control character (C0, DEL, C1), which is never drawn. Those are
    /// the whole of the control category, which Unicode never extends.
    var isTerminalControl: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}

extension StringProtocol {
    /// The number of terminal cells the text takes.
    public var terminalWidth: Int {
        var width = 0
        for character in self { width += character.terminalWidth }
        return width
    }
}

extension Unicode.Scalar {
    /// Marks and format characters draw nothing of their own; medial and final conjoining jamo
    /// attach to the initial consonant before them.
    fileprivate var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
        }
    }

    /// East Asian Width W or F (Unicode 15 ranges), or an emoji shown as emoji by default.
    fileprivate var isWide: Bool {
        let v = value
        if v < 0x1100 { return false }
        for range in wideRanges where range.contains(v) { return true }
        return properties.isEmojiPresentation
    }
}

/// The blocks of East Asian Width W and F; emoji with default emoji presentation are found through
/// the scalar property instead of a table.
private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F
    0x30000...0x3FFFD,  // CJK extensions G and H
]
