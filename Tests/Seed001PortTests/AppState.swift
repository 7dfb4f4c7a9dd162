// The tutorial's app state.
struct AppState {
    let users: [User]
    let posts: [Post]
}
