import ReSwiftCompatibility

// The tutorial's reducers: pure functions, the app's composed from one per part of the state.
func appReducer(action: Action, state: AppState?) -> AppState {
    return AppState(
        users: usersReducer(action: action, state: state?.users),
        posts: postsReducer(action: action, state: state?.posts)
    )
}

func usersReducer(action: Action, state: [User]?) -> [User] {
    let state = state ?? []

    guard let action = action as? FetchUsers,
        case .success(let fetchedUsers) = action
    else {
        return state
    }

    return fetchedUsers
}

func postsReducer(action: Action, state: [Post]?) -> [Post] {
    let state = state ?? []

    guard let action = action as? FetchPosts,
        case .success(let fetchedPosts) = action
    else {
        return state
    }

    return fetchedPosts
}
