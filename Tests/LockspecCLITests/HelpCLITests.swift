import Testing

/// `lockspec help <command>` and the layout of every command's help.
@Suite("lockspec help")
struct HelpCLITests {
    @Test("'lockspec help run' prints run's help, the same as 'lockspec run --help'")
    func helpCommand() throws {
        let help = try CLITests.run(["help", "run"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Runs AppLockCore against every row"))
        #expect(help.stdout == (try CLITests.run(["run", "--help"])).stdout)
        let unknown = try CLITests.run(["help", "rn"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown command 'rn' (did you mean 'run'?)"))
    }

    @Test("the options of every command's help are in two aligned columns", arguments: ["lint", "compile", "graph", "run", "explore", "merge", "watch", "lsp"])
    func alignedColumns(command: String) throws {
        let help = try CLITests.run([command, "--help"])
        let lines = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(!lines.isEmpty)
        // The description starts at the same column on every line, after at least two spaces.
        let starts = Set(lines.map { line -> Int in
            let chars = Array(line.dropFirst(2))
            var i = chars.firstIndex(of: " ") ?? 0
            while i + 1 < chars.count, !(chars[i] == " " && chars[i + 1] == " ") { i = (chars[(i + 1)...].firstIndex(of: " ") ?? chars.count) }
            while i < chars.count, chars[i] == " " { i += 1 }
            return i
        })
        #expect(starts.count == 1, "\(help.stdout)")
    }
}
