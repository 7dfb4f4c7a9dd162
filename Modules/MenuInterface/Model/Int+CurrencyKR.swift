extension Int {
    /// The amount in Korean won with thousands separators, such as `₩1,000` (the tutorial's `currencyKR()`).
    // Formatted by hand rather than by NumberFormatter: the text must not depend on the platform's
    // locale data, and a test on Linux must read the same as the app on an iPhone.
    public func currencyKR() -> String {
        let digits = String(magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.utf8.count + digits.utf8.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (self < 0 ? "-₩" : "₩") + grouped
    }
}
