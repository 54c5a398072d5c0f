// libFuzzer entry for what AppLockCore reads back from disk: the store file (StoreCodec), a slot record and a PIN
// credential. Built by Scripts/fuzz together with Sources/AppLockCore as one module; never part of the package build.
//
// Random bytes almost never carry a valid BLAKE2b checksum, so each input is decoded twice: as it is, and with a
// correct checksum appended, which drives the entry parser itself. A decoded store must re-encode to the same bytes.

@_cdecl("LLVMFuzzerTestOneInput")
public func storeFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? StoreCodec.decode(bytes)
    let sealed = bytes + StoreCodec.checksum(bytes)
    if let entries = try? StoreCodec.decode(sealed) {
        guard let again = try? StoreCodec.encode(entries), again == sealed else {
            fatalError("a decoded store does not re-encode to the same bytes")
        }
    }
    _ = try? SlotRecord(bytes: bytes)
    _ = try? PINCredential(record: bytes)
    return 0
}
