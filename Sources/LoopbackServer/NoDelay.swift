import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Turns Nagle's algorithm off on this process's listening TCP socket for `port`, so the
/// connections it accepts (which inherit the option on Linux) send each write at once.
///
/// Why: FlyingFox writes a response's header and body in two writes. With Nagle on, the
/// body (smaller than loopback's 64 KB segment) waits for the header's ACK, which the
/// client delays by 40 ms: every large answer then cost about 40 ms more than the latency
/// the tests and the benchmark meant to add. Measured with the network workload at 0 ms
/// latency: 52 requests took 2.60 s of fetch before, the gap visible in `strace -tt`
/// between the header's and the body's `recvfrom`. FlyingFox exposes neither its
/// listening socket nor a socket-option hook, so the socket is found by its port.
enum NoDelay {
    @discardableResult
    static func enable(onListeningPort port: UInt16) -> Bool {
        #if os(Linux)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
                return false
            }
            var found = false
            for entry in entries {
                guard let fd = Int32(entry), isListeningTCP(fd), localPort(fd) == port else { continue }
                var on: Int32 = 1
                found =
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
                    || found
            }
            return found
        #else
            return false
        #endif
    }

    #if os(Linux)
        private static func isListeningTCP(_ fd: Int32) -> Bool {
            var type: Int32 = 0, listening: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Int32(SOCK_STREAM.rawValue) else {
                return false
            }
            length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 && listening == 1
        }

        private static func localPort(_ fd: Int32) -> UInt16? {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let status = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard status == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
            return UInt16(bigEndian: address.sin_port)
        }
    #endif
}
