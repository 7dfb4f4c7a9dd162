import ReSwiftCompatibility

// The tutorial's side effects, each wrapped in a function that injects its service.
func fetchUsers(dataService: DataService) -> MiddlewareItem {
    return { (action: Action, dispatch: @escaping DispatchFunction) in
        guard let action = action as? FetchUsers,
            case .request = action
        else { return }

        dataService.fetchUsers()
            .then { dispatch(FetchUsers.success(users: $0)) }
            .catch { dispatch(FetchUsers.failure(error: $0)) }
    }
}

func fetchPosts(dataService: DataService) -> MiddlewareItem {
    return { (action: Action, dispatch: @escaping DispatchFunction) in
        guard let action = action as? FetchPosts,
            case .request = action
        else { return }

        dataService.fetchPosts()
            .then { dispatch(FetchPosts.success(posts: $0)) }
            .catch { dispatch(FetchPosts.failure(error: $0)) }
    }
}
