import Foundation

extension Int {
    func currencyKR() -> String {
        "₩" + formatted(.number.locale(Locale(identifier: "en_US")))
    }
}
