/// Stops on a call to a method that a subclass must override.
func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Abstract method", file: file, line: line)
}

/// Stops with a message that names the broken Rx contract.
func rxFatalError(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message(), file: file, line: line)
}
