/// A readable, multi-line description of any value, built from `Mirror`: the text the TestStore
/// diffs to show how two states differ.
///
/// Structs and classes print as `Type(label: value, ...)` with one field per line, enums as
/// `Type.case(payload)` (`.case` when nested), collections one element per line, strings quoted,
/// optionals as their value or `nil`. Dictionaries and sets are sorted, so equal values always
/// print the same.
public func customDump(_ value: Any) -> String {
    var visited: Set<ObjectIdentifier> = []
    return dumpLines(value, isRoot: true, visited: &visited).joined(separator: "\n")
}

private func dumpLines(_ value: Any, isRoot: Bool, visited: inout Set<ObjectIdentifier>) -> [String] {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional?:
        guard let wrapped = mirror.children.first?.value else { return ["nil"] }
        return dumpLines(wrapped, isRoot: isRoot, visited: &visited)

    case .enum?:
        let typePrefix = isRoot ? typeName(of: value) : ""
        guard let payload = mirror.children.first else {
            return ["\(typePrefix).\(value)"]
        }
        let caseName = payload.label ?? "\(value)"
        let payloadLines = dumpPayload(payload.value, visited: &visited)
        return wrap(payloadLines, open: "\(typePrefix).\(caseName)(", close: ")")

    case .struct?, .class?:
        if isLeaf(value) { return [leafDescription(value)] }
        if mirror.displayStyle == .class {
            let id = ObjectIdentifier(value as AnyObject)
            if visited.contains(id) { return ["\(typeName(of: value))(↩︎)"] }
            visited.insert(id)
        }
        let fields = allChildren(mirror)
        if fields.isEmpty { return ["\(typeName(of: value))()"] }
        var lines = ["\(typeName(of: value))("]
        for (index, field) in fields.enumerated() {
            let label = field.label.map { "\($0): " } ?? ""
            lines += indent(
                prefixFirst(label, dumpLines(field.value, isRoot: false, visited: &visited)),
                comma: index < fields.count - 1)
        }
        lines.append(")")
        if mirror.displayStyle == .class { visited.remove(ObjectIdentifier(value as AnyObject)) }
        return lines

    case .tuple?:
        let elements = Array(mirror.children)
        if elements.isEmpty { return ["()"] }
        var lines = ["("]
        for (index, element) in elements.enumerated() {
            let label = element.label.flatMap { $0.hasPrefix(".") ? nil : "\($0): " } ?? ""
            lines += indent(
                prefixFirst(label, dumpLines(element.value, isRoot: false, visited: &visited)),
                comma: index < elements.count - 1)
        }
        lines.append(")")
        return lines

    case .collection?:
        let elements = Array(mirror.children)
        if elements.isEmpty { return ["[]"] }
        var lines = ["["]
        for (index, element) in elements.enumerated() {
            lines += indent(
                prefixFirst("[\(index)]: ", dumpLines(element.value, isRoot: false, visited: &visited)),
                comma: index < elements.count - 1)
        }
        lines.append("]")
        return lines

    case .set?:
        let elements = mirror.children.map { dumpLines($0.value, isRoot: false, visited: &visited) }
            .sorted { $0.joined(separator: "\n") < $1.joined(separator: "\n") }
        if elements.isEmpty { return ["Set([])"] }
        var lines = ["Set(["]
        for (index, element) in elements.enumerated() {
            lines += indent(element, comma: index < elements.count - 1)
        }
        lines.append("])")
        return lines

    case .dictionary?:
        let pairs = mirror.children.map { pair -> (key: [String], value: [String]) in
            let parts = Array(Mirror(reflecting: pair.value).children)
            return (
                dumpLines(parts[0].value, isRoot: false, visited: &visited),
                dumpLines(parts[1].value, isRoot: false, visited: &visited)
            )
        }.sorted { $0.key.joined(separator: "\n") < $1.key.joined(separator: "\n") }
        if pairs.isEmpty { return ["[:]"] }
        var lines = ["["]
        for (index, pair) in pairs.enumerated() {
            let key = pair.key.joined(separator: " ")
            lines += indent(prefixFirst("\(key): ", pair.value), comma: index < pairs.count - 1)
        }
        lines.append("]")
        return lines

    default:
        return [leafDescription(value)]
    }
}

/// An enum payload: one value as itself, several as a tuple without the tuple's parentheses.
private func dumpPayload(_ payload: Any, visited: inout Set<ObjectIdentifier>) -> [String] {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else { return dumpLines(payload, isRoot: false, visited: &visited) }
    let elements = Array(mirror.children)
    let parts = elements.map { element -> [String] in
        let label = element.label.flatMap { $0.hasPrefix(".") ? nil : "\($0): " } ?? ""
        return prefixFirst(label, dumpLines(element.value, isRoot: false, visited: &visited))
    }
    if parts.allSatisfy({ $0.count == 1 }) { return [parts.map { $0[0] }.joined(separator: ", ")] }
    var lines: [String] = []
    for (index, part) in parts.enumerated() {
        var part = part
        if index < parts.count - 1 { part[part.count - 1] += "," }
        lines += part
    }
    return lines
}

/// `open` + the payload + `close`, on one line when the payload fits on one.
private func wrap(_ lines: [String], open: String, close: String) -> [String] {
    if lines.count == 1 { return [open + lines[0] + close] }
    return [open] + lines.map { "  " + $0 } + [close]
}

private func indent(_ lines: [String], comma: Bool) -> [String] {
    var lines = lines.map { "  " + $0 }
    if comma { lines[lines.count - 1] += "," }
    return lines
}

private func prefixFirst(_ prefix: String, _ lines: [String]) -> [String] {
    var lines = lines
    lines[0] = prefix + lines[0]
    return lines
}

/// The children of a class include those of its superclasses, base first.
private func allChildren(_ mirror: Mirror) -> [Mirror.Child] {
    (mirror.superclassMirror.map(allChildren) ?? []) + Array(mirror.children)
}

/// Types whose stored properties are an implementation detail: their description says it all.
private func isLeaf(_ value: Any) -> Bool {
    let module = _typeName(type(of: value), qualified: true).prefix { $0 != "." }
    return module == "Foundation" || module == "FoundationEssentials" || module == "Swift"
}

private func leafDescription(_ value: Any) -> String {
    switch value {
    case let string as String: string.debugDescription
    case let character as Character: String(character).debugDescription
    default: "\(value)"
    }
}

/// The type's name without its module, e.g. `Counter.State` (and `Int` for `Swift.Int`).
func typeName(of value: Any) -> String {
    typeName(type(of: value))
}

/// The type's name without its module, e.g. `Counter.State`.
func typeName(_ type: Any.Type) -> String {
    var name = _typeName(type, qualified: true)
    // Drop the module of the outermost type; generic arguments keep theirs, except `Swift.`.
    if let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") {
        name = String(name[name.index(after: dot)...])
    }
    name = name.replacing("Swift.", with: "")
    // A private type's name carries its file's discriminator: "(unknown context at $1234).Name".
    while let start = name.firstRange(of: "(unknown context at "), let end = name[start.upperBound...].firstRange(of: ").") {
        name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return name
}
