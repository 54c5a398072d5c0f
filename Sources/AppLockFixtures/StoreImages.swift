import AppLockCore

// Generated once from images a release build of AppLockCore wrote (commit 61c7903) and from crafted variants encoded
// independently of the core (Python: struct + hashlib.blake2b); the framing and both checksums were checked there.

/// Store files for `restoreStore`: what an app update or a restored backup puts where the store lives. The first ones
/// are byte for byte what the release wrote (format 1, and format 2 under `deviceSecret`); the others are variants
/// with a valid checksum whose framing breaks one rule of the format (StoreCodec), or sits exactly on a bound.
enum StoreImages {
    /// An image: its bytes and the device secret it was written under (nil: the unkeyed format 1).
    struct Image {
        /// The file's bytes.
        let bytes: [UInt8]
        /// The secret of the device that wrote it.
        let deviceSecret: DeviceSecret?
    }

    /// The image names, sorted.
    static var names: [String] { parts.keys.sorted() }

    /// The image called `name`, or nil.
    static func image(_ name: String) -> Image? {
        guard let part = parts[name] else { return nil }
        return Image(
            bytes: part.segments.flatMap { bytes($0.hex) + [UInt8](repeating: 0, count: $0.zeros) },
            deviceSecret: part.secret.isEmpty ? nil : DeviceSecret(SecretBytes(bytes(part.secret))))
    }

    private static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            let nibble = character <= 0x39 ? character - 0x30 : character - 0x57
            if let h = high { out.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
        return out
    }

    /// MedTime's store as the release wrote it (format 1, unkeyed): 3 failures and an enrolled PIN.
    private static let releaseMedTime: [(hex: String, zeros: Int)] = [
        (
            "4c534b5601000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
            "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
            "756e6c6f636b2e6661696c75726573000000040000000344fae7a1c34f809b88e7472d1a4043b15c51132045b369edba" +
            "8a9af0bed8f34f",
            0),
    ]

    /// Each image as segments (hex, then a run of that many zero bytes) and the device secret it was written under
    /// (hex; empty for the unkeyed format 1; test values, never a real device's).
    private static let parts: [String: (segments: [(hex: String, zeros: Int)], secret: String)] = [
        // the dual password as the release wrote it (format 1): both slots from another install, erase on, 1 failure
        "dualPassword": (
            segments: [
                (
                    "4c534b5601000000050006736c6f742e300000006b0102000000400000000100000001000000011b05b52f1191f5e13a" +
                    "8614026405abd8037b89fbf2e185f90814cee6f7a587af9eff46073a8ef286c62ad63e2aea396a8fef0d1f3e98c4bf26" +
                    "6bc22da34ab2ba4be3c880c4fe036cecf40492cf5bb32ac343e98d43d782cc750006736c6f742e310000006b01020000" +
                    "004000000001000000010000000106917058beaebc2c38282e14e9dbaeac0c1b002c2aea758a0109ae5039d55d4f52bc" +
                    "b3a57088d19b7f879d031e312da38f5539529f051f7994024c0817bf8f2654a5605a9c31ab638cad40146938f6e331b5" +
                    "a656e66e192cf1000d736c6f742e617474656d7074730000000c000000010000000000000000000d736c6f742e6f7074" +
                    "696f6e2e300000000101000d736c6f742e6f7074696f6e2e310000000100a19e75788033bd2ff09033cbc76f738104e0" +
                    "96b0419b199cdb5e9b254f8ea998",
                    0),
            ],
            secret: ""),
        // MedTime as a release before 2026-12-06 left it during a block: the release's image with 5 failures and the
        // block's end in the earlier 8-byte layout (the wall clock alone), an hour after the clock's start (encoded
        // apart from the core: Python's struct and hashlib.blake2b, unkeyed, digest 32)
        "medtimeBlocked": (
            segments: [
                (
                    "4c534b5601000000030013756e6c6f636b2e626c6f636b6564556e74696c00000008000000000036ee800011756e6c6f" +
                    "636b2e63726564656e7469616c0000003e0102000000400000000100000001bac63d9a6afbc149b9cda905f92dee2e72" +
                    "89750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f756e6c6f636b2e6661696c75726573" +
                    "000000040000000524f3b45bf02587ef3489058d777e667c27e84908916abb14af5c5abb9f3a96ea",
                    0),
            ],
            secret: ""),
        // MedTime with a block persisted beside 3 failures, fewer than start a block (a release with fewer attempts
        // wrote it, or the store was edited): the release's image with 3 failures and the block's end in the earlier
        // 8-byte layout, two hours after the clock's start (encoded apart from the core: Python's struct and
        // hashlib.blake2b, unkeyed, digest 32)
        "medtimeBlockedBelowLimit": (
            segments: [
                (
                    "4c534b5601000000030013756e6c6f636b2e626c6f636b6564556e74696c0000000800000000006ddd000011756e6c6f" +
                    "636b2e63726564656e7469616c0000003e0102000000400000000100000001bac63d9a6afbc149b9cda905f92dee2e72" +
                    "89750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f756e6c6f636b2e6661696c75726573" +
                    "0000000400000003410cc851544df15fb7e6cb5147a28048aab2a504493e81bd2743908fbff72cf5",
                    0),
            ],
            secret: ""),
        // an empty store: the shortest file the format holds (41 bytes)
        "empty": (
            segments: [
                ("4c534b560100000000c6c11ffb953a43674c34e88b1ea55e2c41bfd354ad965609452c960d728dbd56", 0),
            ],
            secret: ""),
        // MedTime as the release wrote it (format 1): PIN 1357 enrolled (light Argon2id), 3 failures counted
        "medtime": (
            segments: releaseMedTime,
            secret: ""),
        // MedTime as the release wrote it (unkeyed, format 1), restored with a 65-byte secret, one over what a
        // DeviceSecret accepts (BLAKE2b could not key a checksum with it): the secret is not taken
        "medtimeSecret65": (
            segments: releaseMedTime,
            secret: "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f80"),
        // MedTime whose entry count says 3 for 2 entries
        "medtimeCountHigh": (
            segments: [
                (
                    "4c534b5601000000030011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c7572657300000004000000038dc7778eab232d2cde63c4c7812daef16ef380bc53815ac037" +
                    "7aa1046f635bae",
                    0),
            ],
            secret: ""),
        // MedTime whose entry count says 1 for 2 entries
        "medtimeCountLow": (
            segments: [
                (
                    "4c534b5601000000010011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c7572657300000004000000036b4a7b48aa09c03be54ae105bfbd1e5adbcdd82fe21531b83b" +
                    "f7860fc765d862",
                    0),
            ],
            secret: ""),
        // MedTime with an extra entry whose key is empty
        "medtimeEmptyKey": (
            segments: [
                (
                    "4c534b560100000003000000000001010011756e6c6f636b2e63726564656e7469616c0000003e010200000040000000" +
                    "0100000001bac63d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956" +
                    "eb04de5a3d000f756e6c6f636b2e6661696c7572657300000004000000034671cbe04bd767f585e0b7587c13a45dad21" +
                    "b2a1bd2c72b0e3cc53f702929d22",
                    0),
            ],
            secret: ""),
        // MedTime with 16,909,059 failures counted (0x01020303: every byte of the count differs)
        "medtimeHighCount": (
            segments: [
                (
                    "4c534b5601000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c7572657300000004010203036c2d2910f4f15f38c42fcae6d8a1d80d35e69c27355363243b" +
                    "8e13276688d08b",
                    0),
            ],
            secret: ""),
        // MedTime with two extra entries: a 1-byte key with an empty value, and a 256-byte key (the longest the format holds) with a 258-byte value
        "medtimeKeyBounds": (
            segments: [
                (
                    "4c534b560100000004000161000000000011756e6c6f636b2e63726564656e7469616c0000003e010200000040000000" +
                    "0100000001bac63d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956" +
                    "eb04de5a3d000f756e6c6f636b2e6661696c75726573000000040000000301007a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "00000102000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b" +
                    "2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b" +
                    "5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b" +
                    "8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babb" +
                    "bcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaeb" +
                    "ecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff00019665a6061a6f5a43490aefd889dc64343c0fc49b7b5f137c7543" +
                    "1fce38ab5e45",
                    0),
            ],
            secret: ""),
        // MedTime with the failure count twice (3, then 0)
        "medtimeKeyTwice": (
            segments: [
                (
                    "4c534b5601000000030011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c757265730000000400000003000f756e6c6f636b2e6661696c757265730000000400000000" +
                    "b29ebd9db209d261476724c23180fc8fc35e0c20f47cc4668d47f72d18f728f7",
                    0),
            ],
            secret: ""),
        // the same entries as the release wrote them under the device secret (format 2, keyed BLAKE2b)
        "medtimeKeyed": (
            segments: [
                (
                    "4c534b5602000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c757265730000000400000003486209293a2c850b843ba1eaada51f6a2bc35a6f53944e064b" +
                    "36bc412c3a2b26",
                    0),
            ],
            secret: "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"),
        // MedTime's release entries keyed (format 2) under a 15-byte secret, one byte under what a DeviceSecret accepts (BLAKE2b itself would take it)
        "medtimeKeyed15": (
            segments: [
                (
                    "4c534b5602000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c75726573000000040000000312b46490dbe7e467c37c016c36f8a0be038da2edfa389e1da5" +
                    "a83511da6b2bd2",
                    0),
            ],
            secret: "202122232425262728292a2b2c2d2e"),
        // MedTime's release entries keyed (format 2) under a 16-byte device secret, the shortest the format accepts
        "medtimeKeyed16": (
            segments: [
                (
                    "4c534b5602000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c757265730000000400000003dfb9cbccb386998edde4f6353819e78129cd20304571535570" +
                    "312e58de466dca",
                    0),
            ],
            secret: "101112131415161718191a1b1c1d1e1f"),
        // MedTime's release entries keyed (format 2) under a 64-byte device secret, the longest the format accepts
        "medtimeKeyed64": (
            segments: [
                (
                    "4c534b5602000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c757265730000000400000003efc140798a57726ed8dd285a941b983ab41d8380fd4731df6b" +
                    "c03e8b841ee934",
                    0),
            ],
            secret: "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"),
        // MedTime with an extra entry holding 1048576 zero bytes (the largest value the format holds)
        "medtimeLongestValue": (
            segments: [
                ("4c534b5601000000030009612e70616464696e6700100000", 1048576),
                (
                    "0011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac63d9a6afbc149b9cda9" +
                    "05f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f756e6c6f636b2e6661" +
                    "696c7572657300000004000000031c44afc78e9bd358db7eb99cd9239f74ea4dc2c68d7a3bcf3d69b438062c6027",
                    0),
            ],
            secret: ""),
        // MedTime's release entries after 64 entries of zeros: a file of 67108865 bytes, one over 64 MiB
        "medtimeOverlargeFile": (
            segments: [
                ("4c534b5601000000420008612e7061642e303000100000", 1048576),
                ("0008612e7061642e303100100000", 1048576),
                ("0008612e7061642e303200100000", 1048576),
                ("0008612e7061642e303300100000", 1048576),
                ("0008612e7061642e303400100000", 1048576),
                ("0008612e7061642e303500100000", 1048576),
                ("0008612e7061642e303600100000", 1048576),
                ("0008612e7061642e303700100000", 1048576),
                ("0008612e7061642e303800100000", 1048576),
                ("0008612e7061642e303900100000", 1048576),
                ("0008612e7061642e313000100000", 1048576),
                ("0008612e7061642e313100100000", 1048576),
                ("0008612e7061642e313200100000", 1048576),
                ("0008612e7061642e313300100000", 1048576),
                ("0008612e7061642e313400100000", 1048576),
                ("0008612e7061642e313500100000", 1048576),
                ("0008612e7061642e313600100000", 1048576),
                ("0008612e7061642e313700100000", 1048576),
                ("0008612e7061642e313800100000", 1048576),
                ("0008612e7061642e313900100000", 1048576),
                ("0008612e7061642e323000100000", 1048576),
                ("0008612e7061642e323100100000", 1048576),
                ("0008612e7061642e323200100000", 1048576),
                ("0008612e7061642e323300100000", 1048576),
                ("0008612e7061642e323400100000", 1048576),
                ("0008612e7061642e323500100000", 1048576),
                ("0008612e7061642e323600100000", 1048576),
                ("0008612e7061642e323700100000", 1048576),
                ("0008612e7061642e323800100000", 1048576),
                ("0008612e7061642e323900100000", 1048576),
                ("0008612e7061642e333000100000", 1048576),
                ("0008612e7061642e333100100000", 1048576),
                ("0008612e7061642e333200100000", 1048576),
                ("0008612e7061642e333300100000", 1048576),
                ("0008612e7061642e333400100000", 1048576),
                ("0008612e7061642e333500100000", 1048576),
                ("0008612e7061642e333600100000", 1048576),
                ("0008612e7061642e333700100000", 1048576),
                ("0008612e7061642e333800100000", 1048576),
                ("0008612e7061642e333900100000", 1048576),
                ("0008612e7061642e343000100000", 1048576),
                ("0008612e7061642e343100100000", 1048576),
                ("0008612e7061642e343200100000", 1048576),
                ("0008612e7061642e343300100000", 1048576),
                ("0008612e7061642e343400100000", 1048576),
                ("0008612e7061642e343500100000", 1048576),
                ("0008612e7061642e343600100000", 1048576),
                ("0008612e7061642e343700100000", 1048576),
                ("0008612e7061642e343800100000", 1048576),
                ("0008612e7061642e343900100000", 1048576),
                ("0008612e7061642e353000100000", 1048576),
                ("0008612e7061642e353100100000", 1048576),
                ("0008612e7061642e353200100000", 1048576),
                ("0008612e7061642e353300100000", 1048576),
                ("0008612e7061642e353400100000", 1048576),
                ("0008612e7061642e353500100000", 1048576),
                ("0008612e7061642e353600100000", 1048576),
                ("0008612e7061642e353700100000", 1048576),
                ("0008612e7061642e353800100000", 1048576),
                ("0008612e7061642e353900100000", 1048576),
                ("0008612e7061642e363000100000", 1048576),
                ("0008612e7061642e363100100000", 1048576),
                ("0008612e7061642e363200100000", 1048576),
                ("0008612e7061642e3633000ffbea", 1047530),
                (
                    "0011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac63d9a6afbc149b9cda9" +
                    "05f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f756e6c6f636b2e6661" +
                    "696c75726573000000040000000328157746830381545089b78f0aca21b5d4a3826f575f1c37c4607627de34e84b",
                    0),
            ],
            secret: ""),
        // MedTime with an extra entry whose key is 257 bytes
        "medtimeOverlongKey": (
            segments: [
                (
                    "4c534b5601000000030011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c75726573000000040000000301017a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a" +
                    "7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a0000000101b2" +
                    "787d5062f63fffe19e88d09a43308a657aaf49e217b44731886c18ee48cfd7",
                    0),
            ],
            secret: ""),
        // MedTime with an extra entry holding 1048577 zero bytes (one byte over it)
        "medtimeOverlongValue": (
            segments: [
                ("4c534b5601000000030009612e70616464696e6700100001", 1048577),
                (
                    "0011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac63d9a6afbc149b9cda9" +
                    "05f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f756e6c6f636b2e6661" +
                    "696c757265730000000400000003bf8187b8b173dc285eeb532e2b219c6ff420f7593c3c64cbdd9b00d64bfe266a",
                    0),
            ],
            secret: ""),
        // MedTime with one byte after the last entry (a valid checksum over it)
        "medtimeTrailingByte": (
            segments: [
                (
                    "4c534b5601000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c75726573000000040000000300c740ccef42dcd2b3406988d294080337c4b1fbdd4bbb0440" +
                    "fd88940a9b4b05b1",
                    0),
            ],
            secret: ""),
        // MedTime with format byte 3 (unkeyed checksum)
        "medtimeUnknownVersion": (
            segments: [
                (
                    "4c534b5603000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c75726573000000040000000379f3a96bbfac00f29e5f2859d6533d3d6d1f1009c1b2ca9756" +
                    "02367ce125226c",
                    0),
            ],
            secret: ""),
        // MedTime with its two entries out of order
        "medtimeUnsortedKeys": (
            segments: [
                (
                    "4c534b560100000002000f756e6c6f636b2e6661696c7572657300000004000000030011756e6c6f636b2e6372656465" +
                    "6e7469616c0000003e0102000000400000000100000001bac63d9a6afbc149b9cda905f92dee2e7289750484ca7f92fb" +
                    "d74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d9876971bd33dfa563b4cd41325086036d4e594d771574f154b" +
                    "3f17eaa14cafe9",
                    0),
            ],
            secret: ""),
        // MedTime under the magic LSKW
        "medtimeWrongMagic": (
            segments: [
                (
                    "4c534b5701000000020011756e6c6f636b2e63726564656e7469616c0000003e0102000000400000000100000001bac6" +
                    "3d9a6afbc149b9cda905f92dee2e7289750484ca7f92fbd74f7578b81df75dd6d87b4d2a449d879956eb04de5a3d000f" +
                    "756e6c6f636b2e6661696c75726573000000040000000302754738db0fbcd7b939811ce4556a8c86864e153b66d97ab4" +
                    "fdec66744ed273",
                    0),
            ],
            secret: ""),
    ]
}
