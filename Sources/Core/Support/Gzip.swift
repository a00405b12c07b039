import CZlib
import Foundation

/// The bytes of a gzip stream, through zlib's inflate: Foundation on Linux has no decompression.
/// What is read here is another program's output (Pagefind's index metadata), so the result is
/// bounded, and a stream cut short, or not gzip at all, is an error rather than what came out.
package enum Gzip {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The decompressed bytes of `data`, a whole gzip stream holding no more than `limit` bytes.
    package static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        guard data.count <= Int(uInt.max) else { throw Failure(description: "it is over 4 GB") }
        var stream = z_stream()
        // 16 + MAX_WBITS: a gzip header and trailer, not a raw zlib stream.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Failure(description: "zlib cannot start a decompression") }
        defer { inflateEnd(&stream) }
        var input = data, output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let status = input.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) -> Int32 in
            stream.next_in = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(bytes.count)
            var status = Z_OK
            while status == Z_OK, output.count <= limit {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(UnsafeBufferPointer(rebasing: buffer[..<(buffer.count - Int(stream.avail_out))]))
                }
            }
            return status
        }
        guard output.count <= limit else { throw Failure(description: "it holds more than \(limit) bytes") }
        guard status == Z_STREAM_END else {
            throw Failure(description: status == Z_BUF_ERROR ? "it is cut short" : "it is not gzip (zlib \(status))")
        }
        return output
    }
}
