/// The manifest of the mutation copy: the package's own `Package.swift` with a few lines appended that drop every test
/// target and every plugin no remaining target applies. `swift build --product lockspec` otherwise builds the host
/// tools of build-tool plugins that only test targets use (the SpecTablesPlugin's `lockspec-tables`), and with them
/// the schematized core a second time.
enum CopyManifest {
    /// The lines appended to the copy's manifest.
    static let trimming = """

        // Added by lockspec mutate in its copy of the package (.build/mutation/copy): the gate needs no test target,
        // nor a plugin that only test targets apply (its host tool would compile the schematized core a second time).
        do {
            let lockspecMutateKept = package.targets.filter { $0.type != .test }
            let lockspecMutateUsed = lockspecMutateKept.flatMap { target in (target.plugins ?? []).map { "\\($0)" } }
                .joined(separator: " ")
            package.targets = lockspecMutateKept.filter { $0.type != .plugin || lockspecMutateUsed.contains("\\"\\($0.name)\\"") }
        }

        """

    /// The copy's manifest for a package manifest `text`; nil (keep the package's own) when it does not declare
    /// `let package = Package(`, the shape the appended lines rely on.
    /// The trimmed manifest of the package at `packageRoot`; nil when it has no readable `Package.swift` of the
    /// expected shape (the copy then keeps the package's own).
    static func trimmed(packageRoot: String) -> String? {
        (try? String(contentsOfFile: "\(packageRoot)/Package.swift", encoding: .utf8)).flatMap { trimmed($0) }
    }

    static func trimmed(_ text: String) -> String? {
        guard text.contains("let package = Package(") else { return nil }
        return text + trimming
    }
}
