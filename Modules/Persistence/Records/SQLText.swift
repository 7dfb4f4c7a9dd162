import PersistenceInterface

/// SQL text with the values for its `?` placeholders, which are always bound, never spliced in.
struct SQLText {
    var sql: String
    var arguments: [DatabaseValue]
}

/// Identifier quoting: `"name"` with inner quotes doubled, so any table or column name is safe.
func quoted(_ identifier: String) -> String {
    var result = "\""
    for character in identifier {
        if character == "\"" { result.append("\"\"") } else { result.append(character) }
    }
    result.append("\"")
    return result
}
