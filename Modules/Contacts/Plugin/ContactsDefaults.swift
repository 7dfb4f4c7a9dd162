/// The contacts the app shows until a server sends others: compiled in, so a first launch with no
/// server has something to show (the development server starts from the same ones).
enum ContactsDefaults {
    /// `seller_contacts` as remote config would send it.
    static let sellerContacts = """
        [{"address": "서울특별시 종로구 세종대로 175", "order": 0, "phone": "+82 2-1234-5678"}, \
        {"address": "부산광역시 해운대구 해운대해변로 264", "order": 1, "phone": "+82 51-987-6543"}]
        """
}
