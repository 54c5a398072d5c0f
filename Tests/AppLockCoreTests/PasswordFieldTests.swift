import Testing
@testable import AppLockCore

/// The lock screen's password field in `DualPassword` (D-DP-FIELD, D-DP-CLEAR-INPUT, D-DP-EXACT).
@Suite("Password field (dual-password-decoy-space.zh.md §4, §5)")
struct PasswordFieldTests {
    func type(_ text: String, _ machine: inout DualPassword) {
        for character in text { #expect(machine.handle(.typeCharacter(SecretBytes(utf8: String(character))), now: at(0)) == []) }
    }

    @Test("typed characters count one each; delete removes the last; the clear button empties the field")
    func editing() throws {
        var (machine, _) = try DualPasswordTests.installed()
        type("tulip", &machine)
        #expect(machine.field.length == 5)
        #expect(machine.handle(.deleteBackward, now: at(0)) == [])
        #expect(machine.field.length == 4)
        #expect(machine.handle(.clearField, now: at(0)) == [.clearInput])
        #expect(machine.field.isEmpty)
        #expect(machine.handle(.deleteBackward, now: at(0)) == [] && machine.field.isEmpty)
    }

    @Test("submitting the field submits exactly what it holds, then empties it")
    func submitField() throws {
        var (machine, _) = try DualPasswordTests.installed()
        type(DualPasswordTests.main, &machine)
        #expect(machine.handle(.submitField, now: at(0)) == [.clearInput, .openProfile(.real)])
        #expect(machine.field.isEmpty)
    }

    @Test("a trailing space makes another password: it fails like a wrong one and the decoy one never erases (D-DP-EXACT)",
          arguments: [DualPasswordTests.main + " ", DualPasswordTests.decoy + " ", " " + DualPasswordTests.main])
    func exact(text: String) throws {
        var (machine, _) = try DualPasswordTests.installed()
        type(text, &machine)
        #expect(machine.handle(.submitField, now: at(0)) == DualPasswordTests.refused)
        #expect(machine.state == .locked && machine.failureCount == 1 && !machine.hasErased && machine.field.isEmpty)
    }

    @Test("backgrounding in the middle of entry clears the field, so the first half never joins the rest")
    func background() throws {
        var (machine, _) = try DualPasswordTests.installed()
        type(String(DualPasswordTests.main.prefix(6)), &machine)
        #expect(machine.handle(.background, now: at(0)) == [.clearInput, .showNeutralCover])
        #expect(machine.field.isEmpty)
        type(DualPasswordTests.main, &machine)
        #expect(machine.handle(.submitField, now: at(0)) == [.clearInput, .openProfile(.real)])
    }

    @Test("a kill loses the field; a timeout on the lock screen keeps it")
    func killAndTimeout() throws {
        let store = InMemoryStore()
        var (machine, _) = try DualPasswordTests.installed(store: store)
        type("abc", &machine)
        #expect(machine.handle(.timeout, now: at(0)) == [] && machine.field.length == 3)
        let relaunched = DualPassword(store: store, random: SeededRandom(seed: 7))
        #expect(relaunched.field.isEmpty)
    }

    @Test("outside the lock screen the field ignores typing and submitting")
    func unlocked() throws {
        var (machine, _) = try DualPasswordTests.installed()
        _ = machine.handle(.submit(SecretBytes(utf8: DualPasswordTests.main)), now: at(0))
        type("x", &machine)
        #expect(machine.field.isEmpty)
        #expect(machine.handle(.submitField, now: at(0)) == [] && machine.state == .realUnlocked)
    }
}
