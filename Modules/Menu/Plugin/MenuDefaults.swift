/// The catalog the app shows until a server sends another: compiled in, so a first launch with no
/// server has a menu (the development server starts from the same one).
enum MenuDefaults {
    /// `menu` as remote config would send it: `{id, name, price}`, prices in won.
    static let catalog = """
        [{"id": 1, "name": "떡볶이", "price": 4000}, {"id": 2, "name": "김밥", "price": 3500}, \
        {"id": 3, "name": "라면", "price": 4500}, {"id": 4, "name": "튀김", "price": 1000}]
        """
}
