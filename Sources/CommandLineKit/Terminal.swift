import Foundation

/// Output helpers: standard output and error, and whether colour is wanted (a terminal, and NO_COLOR unset).
public enum Terminal {
    /// Writes `text` to standard output.
    public static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` to standard error.
    public static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    public static func colorWanted(fd: Int32) -> Bool {
        if let v = ProcessInfo.processInfo.environment["NO_COLOR"], !v.isEmpty { return false }
        return isatty(fd) != 0
    }
}
