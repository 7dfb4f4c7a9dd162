import PersistenceInterface

/// SQL text with the values for its `?` placeholders, which are always bound, never spliced in.
struct SQLText {
    var sql: String
    var arguments: [DatabaseValue]
}

/// Identifier quoting: `"name"` with inner quotes doubled, so any table or column name is safe.
func quoted(_ identifier: String) -> String {
    // Looked for in the UTF-8 bytes, not character by character: an observation's query is
    // written out again after every commit it follows.
    guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
    var result = "\""
    for scalar in identifier.unicodeScalars {
        if scalar == "\"" { result += "\"\"" } else { result.unicodeScalars.append(scalar) }
    }
    result += "\""
    return result
}
