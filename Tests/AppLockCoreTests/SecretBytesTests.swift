import Testing
@testable import AppLockCore

/// How the core keeps secrets (docs/core.md, `SecretBytes`): in place, zeroed when let go, never copied plainly.
@Suite("Secret bytes: built in place, read in place, zeroed when let go")
struct SecretBytesTests {
    @Test("isWiped reads the bytes: false while any byte is the secret's, true after a wipe of any copy")
    func wipedReadsTheBytes() {
        let secret = SecretBytes(utf8: "k3y")
        let copy = secret
        #expect(!secret.isWiped && !copy.isWiped)
        copy.wipe()
        #expect(secret.isWiped && secret.copyBytes() == [0, 0, 0])
    }

    @Test("written(count:by:) keeps what the body wrote, and gives nil when the body fails")
    func written() {
        let made = SecretBytes.written(count: 3) { out in
            out[0] = 7; out[1] = 8; out[2] = 9
            return true
        }
        #expect(made?.copyBytes() == [7, 8, 9])
        #expect(SecretBytes.written(count: 3) { _ in false } == nil)
        #expect(SecretBytes.written(count: 0) { _ in true }?.count == 0)
    }

    @Test("joined puts the parts one after another; duplicate does not share the bytes")
    func joinedAndDuplicate() {
        let parts = [SecretBytes([1]), SecretBytes([]), SecretBytes([2, 3])]
        #expect(SecretBytes.joined(parts).copyBytes() == [1, 2, 3])
        #expect(SecretBytes.joined([]).isEmpty)
        let original = SecretBytes([4, 5])
        let duplicate = original.duplicate()
        duplicate.wipe()
        #expect(original.copyBytes() == [4, 5] && duplicate.isWiped)
    }

    @Test("withBytes gives a non-null pointer, even for an empty value")
    func nonNullPointer() {
        #expect(SecretBytes([]).withBytes { _, count in count } == 0)
        #expect(SecretBytes([9, 9]).withBytes { pointer, count in count == 2 && pointer[1] == 9 })
    }

    @Test("AEAD opens what it sealed, and refuses another key (read and written in place)")
    func aeadRoundTrip() throws {
        let key = SecretBytes([UInt8](repeating: 1, count: AEAD.keyLength))
        let nonce = [UInt8](repeating: 2, count: AEAD.nonceLength)
        let sealed = try AEAD.seal(SecretBytes(utf8: "payload"), key: key, nonce: nonce, associatedData: [3])
        #expect(AEAD.open(sealed, key: key, nonce: nonce, associatedData: [3])?.copyBytes() == Array("payload".utf8))
        let other = SecretBytes([UInt8](repeating: 4, count: AEAD.keyLength))
        #expect(AEAD.open(sealed, key: other, nonce: nonce, associatedData: [3]) == nil)
        let empty = try AEAD.seal(SecretBytes([]), key: key, nonce: nonce, associatedData: [])
        #expect(AEAD.open(empty, key: key, nonce: nonce, associatedData: [])?.isEmpty == true)
    }

    @Test("a letter typed into the field and let go reads zero through the app's own copy (§5)")
    func fieldWipesTheAppsCopy() {
        var field = PasswordField()
        let kept = SecretBytes(utf8: "a"), deleted = SecretBytes(utf8: "b")
        field.append(kept)
        field.append(deleted)
        field.deleteBackward()
        #expect(deleted.isWiped && !kept.isWiped)
        #expect(field.content().copyBytes() == Array("a".utf8))
        #expect(SecretBytes.unwipedCount([kept, deleted]) == 1)
        field.clear()
        #expect(kept.isWiped && field.isEmpty && SecretBytes.unwipedCount([kept, deleted]) == 0)
    }
}
