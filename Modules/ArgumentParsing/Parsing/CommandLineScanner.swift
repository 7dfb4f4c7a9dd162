/// Reads a command line word by word under the parser's rules (see `CommandParser`): subcommand
/// names while no argument has come, options and flags of the command reached and of the root,
/// `--`, help, and arguments.
///
/// `CommandParser.parse` takes the values it reads and `completions` only follows where the line
/// has got to, so the two cannot disagree about what a word is.
struct CommandLineScanner {
    /// What one word, or an option and its value, is.
    enum Word {
        /// A subcommand's name: `chain` has grown by it.
        case subcommand
        /// An argument of the command reached.
        case positional(String)
        /// `--`: every word after it is an argument.
        case endOfOptions
        /// `--help` or `-h`.
        case help
        /// An option and its value (after `=`, or the next word).
        case option(CommandModel.Entry, value: String)
        /// An option without its value: the line ends after it (`atEnd`), or the next word reads
        /// as an option.
        case missingValue(CommandModel.Entry, atEnd: Bool)
        /// A flag, or several short ones written together (`-vvv`), each with its spelling.
        case flags([(entry: CommandModel.Entry, written: String)])
        /// A flag written with a value (`--json=yes`), as written.
        case flagWithValue(String)
        /// An option or flag that no declaration in reach has, as written.
        case unknownOption(String)
    }

    /// The root command and the subcommands named so far.
    private(set) var chain: [CommandModel]
    /// How many arguments have come.
    private(set) var positionalCount = 0
    /// Whether `--` has come.
    private(set) var onlyPositionals = false
    private let words: [String]
    private var index = 0

    init(_ words: [String], root: CommandModel) {
        self.words = words
        chain = [root]
    }

    /// The command reached.
    var current: CommandModel { chain[chain.count - 1] }

    /// The next word, or nil at the end of the line.
    mutating func next() -> Word? {
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        let isNegativeNumber = word.count > 1 && word.hasPrefix("-") && Double(word) != nil && !current.arguments.isEmpty
        if onlyPositionals || !word.hasPrefix("-") || word == "-" || isNegativeNumber {
            if positionalCount == 0, !onlyPositionals, let subcommand = current.subcommand(named: word) {
                chain.append(CommandModel(subcommand))
                return .subcommand
            }
            positionalCount += 1
            return .positional(word)
        }
        if word == "--" {
            onlyPositionals = true
            return .endOfOptions
        }
        if word == "--help" || word == "-h" { return .help }

        let isLong = word.hasPrefix("--")
        let body = word.dropFirst(isLong ? 2 : 1)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        // The command's own declarations first, then the root's (global) ones.
        let models = chain.count > 1 ? [current, chain[0]] : [chain[0]]
        let found = models.lazy.compactMap { model in
            isLong ? model.entry(long: name) : (name.count == 1 ? model.entry(short: name.first!) : nil)
        }.first
        if found == nil, !isLong, inlineValue == nil, name.count > 1 {
            // Short flags together: `-vvv` is `-v -v -v`, `-ab` is `-a -b`.
            let flags = name.map { character in models.lazy.compactMap { $0.entry(short: character) }.first }
            if flags.allSatisfy({ $0?.info.kind == .flag }) {
                return .flags(flags.compactMap { $0 }.map { (entry: $0, written: "-\($0.info.shortNames[0])") })
            }
        }
        guard let entry = found else { return .unknownOption(word) }
        let written = (isLong ? "--" : "-") + name
        switch entry.info.kind {
        case .option:
            if let inlineValue { return .option(entry, value: inlineValue) }
            guard index < words.count else { return .missingValue(entry, atEnd: true) }
            guard entry.info.parsing.takesAnyWord || Self.readsAsValue(words[index]) else { return .missingValue(entry, atEnd: false) }
            index += 1
            return .option(entry, value: words[index - 1])
        case .flag:
            return inlineValue == nil ? .flags([(entry: entry, written: written)]) : .flagWithValue(written)
        case .argument:
            return .unknownOption(word)
        }
    }

    /// Whether `word`, after an option, is its value under the default strategy: not an option or
    /// flag, but `-` (standard input) and a negative number are values.
    private static func readsAsValue(_ word: String) -> Bool {
        !word.hasPrefix("-") || word == "-" || (word.count > 1 && Double(word) != nil)
    }
}
