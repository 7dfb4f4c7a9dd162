/// An ordered collection of elements with unique identifiers, readable and writable by identifier
/// in constant time: the state `forEach` runs a child reducer on.
public struct IdentifiedArray<ID: Hashable & Sendable, Element: Sendable>: Sendable {
    /// The identifiers, in order.
    public private(set) var ids: [ID]
    private var elements: [ID: Element]
    private let id: @Sendable (Element) -> ID

    /// The elements of `sequence`, identified by `id`; a later duplicate identifier replaces the earlier element.
    public init(uniqueElements sequence: some Sequence<Element>, id: @escaping @Sendable (Element) -> ID) {
        self.id = id
        ids = []
        elements = [:]
        for element in sequence { append(element) }
    }

    /// The element with identifier `id`; setting nil removes it, setting a new one appends it.
    public subscript(id id: ID) -> Element? {
        get { elements[id] }
        set {
            if let newValue {
                if elements.updateValue(newValue, forKey: id) == nil { ids.append(id) }
            } else if elements.removeValue(forKey: id) != nil {
                ids.removeAll { $0 == id }
            }
        }
    }

    /// Appends `element`, or replaces the element with the same identifier in place.
    public mutating func append(_ element: Element) {
        self[id: id(element)] = element
    }

    /// Removes and returns the element with identifier `id`.
    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        let element = elements[id]
        self[id: id] = nil
        return element
    }

    /// Removes every element.
    public mutating func removeAll() {
        ids.removeAll()
        elements.removeAll()
    }
}

extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
    /// The elements of `sequence`, identified by their `id`.
    public init(uniqueElements sequence: some Sequence<Element>) {
        self.init(uniqueElements: sequence, id: { $0.id })
    }

    /// An empty array of identifiable elements.
    public init() {
        self.init(uniqueElements: [])
    }
}

extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { ids.count }
    /// The element at `position`.
    public subscript(position: Int) -> Element {
        // Every identifier in `ids` has its element in `elements`.
        elements[ids[position]]!
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Equal when the same elements are in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.ids == rhs.ids && lhs.elements == rhs.elements
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, Element.ID == ID {
    /// The listed elements, identified by their `id`.
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension IdentifiedArray: CustomReflectable {
    /// Reflects as the plain list of elements, so dumps and diffs show elements, not storage.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }
}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, as an array prints them.
    public var description: String { Array(self).description }
}

/// An identified array of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable & Sendable> = IdentifiedArray<Element.ID, Element>
where Element.ID: Sendable
