#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names this machine answers to on its network interfaces: each interface's IPv4 address (`192.0.2.2`), each
/// IPv6 one as a URL writes it (`[fe80::1]`, without a zone), and the host name. A workbench listening on every
/// interface (`--host 0.0.0.0`) takes requests addressed to any of them; a name from elsewhere (DNS rebinding) is
/// still refused.
enum LocalAddresses {
    /// The addresses and the host name, or the host name alone when the interfaces cannot be listed.
    static func all() -> Set<String> {
        var names: Set<String> = []
        var hostname = [CChar](repeating: 0, count: 256)
        if gethostname(&hostname, hostname.count - 1) == 0 {
            let name = text(hostname)
            if !name.isEmpty { names.insert(name.lowercased()) }
        }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, let text = numeric(address) else { continue }
            names.insert(text)
        }
        return names
    }

    /// An interface address as a URL's host writes it, or nil for another family.
    private static func numeric(_ address: UnsafeMutablePointer<sockaddr>) -> String? {
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
        guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { return nil }
        let address = text(buffer)
        guard family == AF_INET6 else { return address }
        return "[" + (address.split(separator: "%").first.map(String.init) ?? address) + "]"
    }

    /// A C string the system wrote into `buffer`, up to its first NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
