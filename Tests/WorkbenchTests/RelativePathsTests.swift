import Testing
@testable import Workbench

/// How the workbench writes the places its findings name: a path of a file in the folder, relative to the folder, and
/// nothing else that merely contains the folder's path.
@Suite("Places in findings, relative to the folder")
struct RelativePathsTests {
    @Test("a place in the folder loses the folder's path, wherever in the sentence it stands")
    func inFolder() {
        #expect(Workbench.relativePaths(in: "follows from x at /tmp/t/specs/a.yaml:78:9", to: "/tmp/t/specs") == "follows from x at a.yaml:78:9")
        #expect(Workbench.relativePaths(in: "/tmp/t/specs/a.yaml:1:1 and (/tmp/t/specs/b.yaml:2:3)", to: "/tmp/t/specs")
                == "a.yaml:1:1 and (b.yaml:2:3)")
        #expect(Workbench.relativePaths(in: "set at '/tmp/t/specs/sub/c.yaml:4:5'", to: "/tmp/t/specs") == "set at 'sub/c.yaml:4:5'")
    }

    @Test("a path that only contains the folder's path, or names a folder beside it, is left as written")
    func notInFolder() {
        #expect(Workbench.relativePaths(in: "at /home/specs/a.yaml:1:1", to: "/specs") == "at /home/specs/a.yaml:1:1")
        #expect(Workbench.relativePaths(in: "at /tmp/t/specs2/a.yaml:1:1", to: "/tmp/t/specs") == "at /tmp/t/specs2/a.yaml:1:1")
        #expect(Workbench.relativePaths(in: "at x/tmp/t/specs/a.yaml", to: "/tmp/t/specs") == "at x/tmp/t/specs/a.yaml")
        #expect(Workbench.relativePaths(in: "no place here", to: "/tmp/t/specs") == "no place here")
    }
}
