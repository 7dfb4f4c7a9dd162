import ReSwiftCompatibility

// The tutorial's actions: plain enums, one case per step of a request.
enum FetchUsers: Action {
    case request
    case success(users: [User])
    case failure(error: Error)
}

enum FetchPosts: Action {
    case request
    case success(posts: [Post])
    case failure(error: Error)
}
