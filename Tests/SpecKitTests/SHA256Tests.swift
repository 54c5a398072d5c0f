import Testing
@testable import SpecKit

/// SHA-256 against published test vectors (FIPS 180-4 / NIST examples), so that swapping the implementation cannot
/// change a single fingerprint in a report.
@Suite("SHA256")
struct SHA256Tests {
    @Test("the empty input")
    func empty() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.digest([]).count == 32)
    }

    @Test("NIST \"abc\"")
    func abc() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("NIST two-block message (448 bits)")
    func twoBlocks() {
        let text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hex(Array(text.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("NIST one million 'a' (a 1 MB input)")
    func million() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(bytes) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("padding edges: 55, 56, 63 and 64 bytes differ and are stable")
    func paddingEdges() {
        // Lengths around the 56-byte padding boundary, digests of 'a' repeated (computed with sha256sum).
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
        ]
        for (count, digest) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: count)) == digest, "\(count) bytes")
        }
    }
}
