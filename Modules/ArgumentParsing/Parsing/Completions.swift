/// A shell that `--generate-completion-script` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
}

extension CommandParser {
    /// The hidden first word with which a completion script asks the tool for candidates:
    /// `tool ---completion SHELL -- WORD...` prints one candidate a line (swift-argument-parser's
    /// spelling; the shell may be left out, and the words are then taken as they are).
    public static let completionRequestFlag = "---completion"

    /// What a shell offers for the last of `words`: the words typed after the tool's name, the last
    /// being the one under completion (empty when the cursor follows a space). Subcommand names
    /// where a subcommand may come, option names for a word that starts with `-`, and an
    /// argument's `completion` for its value, each kept only if it starts with what was typed.
    /// `context` reaches custom completions (`CompletionRequest.context`).
    ///
    /// With the `shell` that asked, words arrive as that shell has them — bash's and zsh's as typed,
    /// quotes and backslashes included, fish's unquoted but for the word under the cursor — and are
    /// unquoted first; candidates go back as that shell inserts them: escaped for bash, which
    /// inserts them as they are, plain for zsh's `compadd` and fish, which quote them themselves.
    /// So `menu set Ins<Tab>` gives `Installations\ Soup`, never two words.
    public static func completions(
        for words: [String], root: any ParsableCommand.Type, rootConfiguration: CommandConfiguration? = nil,
        context: (any Sendable)? = nil, shell: CompletionShell? = nil
    ) -> [String] {
        let words =
            switch shell {
            case .bash?, .zsh?: words.map(shellUnquoted)
            case .fish?: Array(words.dropLast()) + words.suffix(1).map(shellUnquoted)
            case nil: words
            }
        let found = candidates(for: words, root: root, rootConfiguration: rootConfiguration, context: context)
        return shell == .bash ? found.map(bashEscaped) : found
    }

    private static func candidates(
        for words: [String], root: any ParsableCommand.Type, rootConfiguration: CommandConfiguration?, context: (any Sendable)?
    ) -> [String] {
        let typed = Array(words.dropLast())
        let prefix = words.last ?? ""
        var scanner = CommandLineScanner(typed, root: CommandModel(root, configuration: rootConfiguration))
        // The option whose value is under completion: the last word typed, waiting for it.
        var valueOf: CommandModel.Entry?
        while let word = scanner.next() {
            if case .missingValue(let entry, atEnd: true) = word { valueOf = entry }
        }
        let chain = scanner.chain
        let current = scanner.current
        let positionals = scanner.positionalCount
        let onlyPositionals = scanner.onlyPositionals
        let request = CompletionRequest(words: typed, prefix: prefix, context: context)
        let candidates: [String]
        if let valueOf {
            candidates = valueOf.info.completion?.candidates(request) ?? []
        } else if prefix.hasPrefix("-") && !onlyPositionals {
            let entries = current.entries + (chain.count > 1 ? chain[0].entries : [])
            candidates =
                entries.filter { $0.info.kind != .argument && $0.info.isVisible }.flatMap { $0.info.longNames.map { "--" + $0 } }
                + ["--help"]
        } else if positionals == 0, !onlyPositionals, !current.configuration.subcommands.isEmpty {
            candidates = current.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0.commandName }
        } else {
            let arguments = current.arguments
            candidates = positionals < arguments.count ? arguments[positionals].info.completion?.candidates(request) ?? [] : []
        }
        return candidates.filter { $0.hasPrefix(prefix) }
    }

    /// `word` with a shell's quoting taken off: backslash escapes, single and double quotes, and a
    /// quote left open (the word under the cursor often has one).
    static func shellUnquoted(_ word: String) -> String {
        var unquoted = ""
        var quote: Character?
        var escaping = false
        for character in word {
            if escaping {
                unquoted.append(character)
                escaping = false
                continue
            }
            switch (quote, character) {
            case ("'"?, "'"): quote = nil
            case ("'"?, _): unquoted.append(character)
            case ("\"", "\""): quote = nil
            case (_, "\\"): escaping = true
            case (nil, "'"), (nil, "\""): quote = character
            default: unquoted.append(character)
            }
        }
        return unquoted
    }

    /// `candidate` as bash must insert it to read it back as one word: every character the shell
    /// gives a meaning escaped with a backslash (a tilde only where it would expand).
    static func bashEscaped(_ candidate: String) -> String {
        let special: Set<Character> = [
            " ", "\t", "\n", "'", "\"", "\\", "$", "`", "&", "|", ";", "(", ")", "<", ">", "*", "?", "[", "]", "{", "}", "!", "#",
        ]
        var escaped = ""
        for (index, character) in candidate.enumerated() {
            if special.contains(character) || (index == 0 && character == "~") { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A completion script for `shell` that completes `toolName` by asking it
    /// (`toolName ---completion -- WORD...`), so commands a tool learns when it runs (plugins) and
    /// values looked up when Tab is pressed complete too. Install it as the shell expects:
    /// bash, `source <(tool --generate-completion-script bash)`; zsh, a file `_tool` on `$fpath`;
    /// fish, `~/.config/fish/completions/tool.fish`.
    public static func completionScript(for shell: CompletionShell, toolName: String) -> String {
        let function = "_" + toolName.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined() + "_complete"
        switch shell {
        case .bash:
            return """
                # bash completion for \(toolName)
                \(function)() {
                    local IFS=$'\\n'
                    COMPREPLY=($("${COMP_WORDS[0]}" \(completionRequestFlag) bash -- "${COMP_WORDS[@]:1:$COMP_CWORD}" 2>/dev/null))
                }
                complete -o default -F \(function) \(toolName)

                """
        case .zsh:
            return """
                #compdef \(toolName)
                # zsh completion for \(toolName)
                \(function)() {
                    local -a candidates
                    candidates=("${(@f)$("${words[1]}" \(completionRequestFlag) zsh -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
                    compadd -- "${(@)candidates:#}"
                }
                compdef \(function) \(toolName)

                """
        case .fish:
            return """
                # fish completion for \(toolName)
                function \(function)
                    set -l words (commandline -opc) (commandline -ct)
                    $words[1] \(completionRequestFlag) fish -- $words[2..-1] 2>/dev/null
                end
                complete -c \(toolName) -f -a '(\(function))'

                """
        }
    }
}
