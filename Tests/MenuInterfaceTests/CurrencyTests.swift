import MenuInterface
import Testing

/// Prices as the screen and the commands show them.
struct CurrencyTests {
    @Test func currencyKRGroupsThousands() {
        #expect(0.currencyKR() == "₩0")
        #expect(999.currencyKR() == "₩999")
        #expect(1000.currencyKR() == "₩1,000")
        #expect(11_000.currencyKR() == "₩11,000")
        #expect(1_234_567.currencyKR() == "₩1,234,567")
        #expect((-1000).currencyKR() == "-₩1,000")
        #expect(Int.max.currencyKR() == "₩9,223,372,036,854,775,807")
        #expect(Int.min.currencyKR() == "-₩9,223,372,036,854,775,808")
    }
}
