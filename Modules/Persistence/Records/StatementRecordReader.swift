/// One of the three ways a fetch reads the record in a statement's current row: in place
/// (`InPlaceRecordReader`), through a `Row` (`RowReader`), or with `Decoder` (`RecordDecoder`).
protocol StatementRecordReader {
    /// Reads the record in the current row into `slot`, uninitialized memory for one.
    func read<Record: Decodable>(into slot: UnsafeMutablePointer<Record>) throws
}
