import class Foundation.NSObject

/// The `.rx` namespace: reactive extensions of a base object (`label.rx.text`).
///
/// Named as in RxSwift, so `extension Reactive where Base: Label` works unchanged. The type shares its
/// name with this module; to qualify another name through the module, import it by kind
/// (`import class Reactive.Observable`).
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The object extended.
    public let base: Base

    /// The namespace for `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets a writable property of the base object (`object.rx.title`).
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        Binder(base) { base, value in base[keyPath: keyPath] = value }
    }
}

/// A type with an `.rx` namespace.
public protocol ReactiveCompatible {
    /// The type extended.
    associatedtype ReactiveBase

    /// The namespace for the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The namespace for the value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The namespace for the type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // swiftlint:disable:next unused_setter_value
        set {}
    }

    /// The namespace for the value.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}

/// Every `NSObject` has an `.rx` namespace, as in RxSwift.
extension NSObject: ReactiveCompatible {}
