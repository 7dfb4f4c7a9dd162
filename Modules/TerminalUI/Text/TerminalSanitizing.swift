/// Text that came from outside (remote config, a database, a token's claims), made safe to show on
/// a terminal: nothing in it is interpreted, everything is seen.
///
/// A terminal acts on control characters: ESC starts sequences that retitle the window, write the
/// clipboard (OSC 52), clear the screen or move the cursor; CR returns to the line's start, so that
/// what follows overwrites what a user read; C1 characters are the same commands in one byte; the
/// bidirectional overrides reorder what is shown. Each is replaced by a visible stand-in of one
/// cell, so a table keeps its columns and a user sees that the text held something odd.
extension String {
    /// The text for one line: tabs and line breaks become spaces, the other C0 controls and DEL
    /// their Unicode control pictures (ESC shows as ␛, BEL as ␇, CR as ␍), C1 controls and
    /// bidirectional embeddings, overrides and isolates U+FFFD (�).
    public var sanitizedForTerminal: String {
        sanitized(keepingLineBreaks: false)
    }

    /// The text for several lines: as `sanitizedForTerminal`, but line feeds stay line feeds.
    public var sanitizedForTerminalKeepingLineBreaks: String {
        sanitized(keepingLineBreaks: true)
    }

    private func sanitized(keepingLineBreaks: Bool) -> String {
        guard unicodeScalars.contains(where: \.isTerminalUnsafe) else { return self }
        let scalars = Array(unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard scalar.isTerminalUnsafe else {
                result.append(scalar)
                continue
            }
            let isLineBreak = scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
            switch scalar.value {
            case _ where isLineBreak && keepingLineBreaks: if scalar == "\n" { result.append(scalar) }  // CR LF: one line feed
            case _ where isLineBreak: if scalar == "\n" { result.append(" ") }
            case 0x09: result.append(" ")
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            default: result.append("\u{FFFD}")
            }
        }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// Whether a terminal would act on the scalar rather than draw it: C0 controls, DEL, C1
    /// controls, and the bidirectional embeddings, overrides and isolates.
    public var isTerminalUnsafe: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
