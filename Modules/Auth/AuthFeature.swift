import Architecture
import AuthInterface

/// Builds the feature from the client the composition root picked, live or fake.
public enum AuthFeature {
    /// The sign-in flow's store, its effects running with `client`.
    public static func makeStore(client: AuthenticationClient) -> Store<Root.State, Root.Action> {
        Store(initialState: Root.State()) {
            Root()
        } withDependencies: {
            $0.authenticationClient = client
        }
    }
}
