import Foundation

// View를 위한 모델 : ViewModel
struct Menu {
    var id: Int
    var name: String
    var price: Int
    var count: Int
}
