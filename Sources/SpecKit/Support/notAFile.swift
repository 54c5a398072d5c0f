import Foundation

/// What a path that is not a regular file is, after following links ("a folder, not a file", "a device, not a file",
/// "a link that leads nowhere", …); nil for a regular file, or when nothing is there or its type cannot be read.
public func notAFile(_ path: String) -> String? {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType else { return nil }
    switch type {
    case .typeRegular: return nil
    case .typeDirectory: return "a folder, not a file"
    case .typeCharacterSpecial, .typeBlockSpecial: return "a device, not a file"
    case .typeSocket: return "a socket, not a file"
    case .typeSymbolicLink: return "a link that leads nowhere"
    default: return "a named pipe or another special file, not a file"
    }
}
