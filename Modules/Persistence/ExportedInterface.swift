// A package that depends on Persistence alone has the names of the interface it implements with one
// import: its records, errors and values are the interface's, and a user should not have to name
// a module SwiftPM would otherwise leak to them undeclared.
@_exported import PersistenceInterface
