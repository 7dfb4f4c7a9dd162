/// The sample template that `Scripts/remote-config-server.py` serves by default, for `--fake` mode and tests.
public enum RemoteConfigSample {
    /// The seller contacts as the server sends them: a JSON array of `{address, order, phone}`.
    public static let sellerContacts = """
        [{"address": "서울특별시 종로구 세종대로 175", "order": 0, "phone": "+82 2-1234-5678"}, \
        {"address": "부산광역시 해운대구 해운대해변로 264", "order": 1, "phone": "+82 51-987-6543"}]
        """

    /// The menu as the server sends it: a JSON array of `{id, name, price}` (prices in won).
    public static let menu = """
        [{"id": 1, "name": "떡볶이", "price": 4000}, {"id": 2, "name": "김밥", "price": 3500}, \
        {"id": 3, "name": "라면", "price": 4500}, {"id": 4, "name": "튀김", "price": 1000}]
        """

    /// Every entry of the sample template; every value is a string, as on the wire.
    public static let entries: [String: String] = [
        "seller_contacts": sellerContacts,
        "menu": menu,
        "welcome_message": "어서 오세요!",
        "free_delivery_threshold": "20000",
        "ordering_enabled": "true",
    ]
}
