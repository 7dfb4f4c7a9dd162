/// The errors Reactive's own operators produce.
public enum RxError: Swift.Error, CustomDebugStringConvertible, Equatable, Sendable {
    /// An unknown error.
    case unknown
    /// A subject or other object was used after it was disposed.
    case disposed(object: DisposedObject)
    /// An arithmetic overflow.
    case overflow
    /// An argument was out of range.
    case argumentOutOfRange
    /// The sequence had no elements where one was required.
    case noElements
    /// The sequence had more than one element where one was required.
    case moreThanOneElement
    /// The sequence timed out.
    case timeout

    /// A description of the error, as RxSwift prints it.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}

/// Names an object that was used after disposal, without holding on to it.
public struct DisposedObject: Sendable, Equatable, CustomStringConvertible {
    /// The object's type name.
    public let typeName: String
    /// The object's identity.
    public let identifier: ObjectIdentifier

    /// Describes `object`.
    public init(_ object: AnyObject) {
        typeName = String(describing: type(of: object))
        identifier = ObjectIdentifier(object)
    }

    /// The type name and identity.
    public var description: String { "\(typeName) \(identifier)" }
}
