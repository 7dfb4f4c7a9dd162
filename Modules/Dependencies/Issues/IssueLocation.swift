/// The place in source code an issue is attributed to: normally the caller of the API that found it.
public struct IssueLocation: Sendable, CustomStringConvertible {
    /// The `#fileID` of the caller (`Module/File.swift`).
    public let fileID: StaticString
    /// The `#filePath` of the caller; XCTest wants this one.
    public let filePath: StaticString
    /// The line of the caller.
    public let line: UInt
    /// The column of the caller.
    public let column: UInt

    /// A location from the caller's `#fileID`, `#filePath`, `#line` and `#column`.
    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `Module/File.swift:line`.
    public var description: String { "\(fileID):\(line)" }
}
