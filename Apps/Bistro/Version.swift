/// Bistro's version: the package's one version, of the library products' public API and of
/// `bistro`. `Scripts/release.sh` writes it; nothing else does.
let bistroVersion = "0.5.0"
