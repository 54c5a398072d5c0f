import Foundation
import PackagePlugin

/// Records the build under test: the package's git commit and whether the tracked files the binary is built from
/// (Sources/, Plugins/, Package.swift) differ from it, written as
/// Swift into the target (its `BuildStamp`), so every report names the commit the binary was built
/// from rather than the commit of the folder it runs in.
///
/// A build command, rerun whenever git's HEAD, index or reflog changes or any file under Sources/, Plugins/, Tests/
/// or Package.swift changes: so whenever the build's inputs change, the commit and dirty flag are read afresh.
/// (SwiftPM 6.3 runs a prebuild command only when it replans the build, not on every build, so a prebuild command
/// would leave a stale dirty flag.) It runs `/bin/sh` and git, system executables, and rewrites the file only when the
/// commit or the dirty flag changed, so an unchanged identity recompiles nothing. Outside a git checkout (a source
/// tarball), or when git is missing, it records `unknown` and the build goes on.
///
/// The generated file declares `BuildStamp` itself. (SwiftPM would not compile it into a copy of the target built for
/// a plugin's tool; no tool of this package links Conformance, so there is no such copy.)
@main
struct BuildIdentityPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "stamp").appending(path: "GeneratedBuildStamp.swift")
        return [
            .buildCommand(
                displayName: "Recording the build's git commit for \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-identity", package.path, output.path],
                environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C"],
                inputFiles: Self.gitFiles(package) + Self.sourceFiles(package),
                outputFiles: [output])
        ]
    }

    /// The files git rewrites when HEAD moves or the index changes (commit, checkout, reset, add), where they exist.
    static func gitFiles(_ package: URL) -> [URL] {
        let dotGit = package.appending(path: ".git")
        var gitDirectory = dotGit
        if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        return ["HEAD", "index", "logs/HEAD"].map { gitDirectory.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Every regular file the build reads: Sources/, Plugins/, Tests/ and Package.swift.
    static func sourceFiles(_ package: URL) -> [URL] {
        var files = [package.appending(path: "Package.swift")]
        for folder in ["Sources", "Plugins", "Tests"] {
            let root = package.appending(path: folder)
            guard let items = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let item = items.nextObject() as? String {
                let url = root.appending(path: item)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append(url)
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The recorder: `$1` is the package folder, `$2` the Swift file to write. The package must be the top of its own
    /// git work tree (a tarball unpacked inside some other repository is not that repository's commit).
    static let script = #"""
    set -u
    package=$(cd -P "$1" 2>/dev/null && pwd -P) || package="$1"
    out="$2"
    mkdir -p "$(dirname "$out")" || exit 1
    commit=unknown
    dirty=nil
    top=$(git -C "$package" rev-parse --show-toplevel 2>/dev/null) && top=$(cd -P "$top" && pwd -P) || top=
    if [ "$top" = "$package" ] && head=$(git -C "$package" rev-parse --verify -q HEAD 2>/dev/null); then
      commit=$head
      # Only what the binary is built from: specs/ and docs/ are not built in (a run names each spec file by its
      # SHA-256), and an edit of them must not change the stamp, which would rebuild everything that links it.
      if changes=$(git -C "$package" --no-optional-locks status --porcelain --untracked-files=no -- Sources Plugins Package.swift Package.resolved 2>/dev/null); then
        if [ -z "$changes" ]; then dirty=false; else dirty=true; fi
      fi
    fi
    key="// identity (format 2): $commit $dirty"
    if [ -f "$out" ] && [ "$(sed -n 2p "$out")" = "$key" ]; then exit 0; fi
    rm -f "$out".tmp.*
    now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    tmp="$out.tmp.$$"
    {
      echo "// Generated by BuildIdentityPlugin on every build; do not edit. Regenerate with: swift build"
      echo "$key"
      echo "/// The build under test, as the build recorded it."
      echo "enum BuildStamp {"
      echo "    /// The package's git commit, or \"unknown\" outside a git checkout."
      echo "    static let commit = \"$commit\""
      echo "    /// Whether the tracked files it is built from differed from the commit; nil when unknown."
      echo "    static let dirty: Bool? = $dirty"
      echo "    /// When a build first recorded this commit and dirty flag (ISO 8601, UTC)."
      echo "    static let recordedAt = \"$now\""
      echo "}"
    } > "$tmp" && mv -f "$tmp" "$out"
    """#
}
