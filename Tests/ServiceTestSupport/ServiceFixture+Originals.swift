import Foundation
import HTTPTestSupport
import Origins
import Service

extension ServiceFixture {
    /// The bytes of the bundled sample `name`.
    public static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: samples.appendingPathComponent(name)))
    }

    /// A service whose origins are the nginx fixture's locations: `cdn` (internal, since it is on
    /// loopback), `slow` (2 KB/s), `hop` (answers a redirect), `broken` (503), `tls` (a certificate
    /// that does not verify), and `public` (the same server by name, not marked internal).
    public convenience init(origin: TestOrigin, _ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws {
        try self.init { configuration in
            configuration.origins = try! OriginMap(
                "cdn=\(origin.httpURL), slow=\(origin.httpURL)slow/, hop=\(origin.httpURL)redirect/, broken=\(origin.httpURL)error/, "
                    + "tls=\(origin.httpsURL), public=http://localhost:\(origin.httpPort)/",
                internal: "cdn, slow, hop, broken, tls")
            configuration.sourceCheck = .zero  // every request looks at its source
            configuration.originsRevalidateAfter = .seconds(60)
            configure(&configuration)
        }
    }

    /// CRC-32 (PNG chunks), for crafting a header that passes its checksum.
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The sample PNG, its IHDR claiming 100000×100000 pixels (CRC fixed up): a tiny decompression bomb.
    public static func pngBomb() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("dot_green.png")))
        for (offset, value) in [(16, UInt32(100_000)), (20, UInt32(100_000))] {
            for i in 0..<4 { bytes[offset + i] = UInt8((value >> (24 - 8 * UInt32(i))) & 0xFF) }
        }
        let crc = crc32(bytes[12..<29])
        for i in 0..<4 { bytes[29 + i] = UInt8((crc >> (24 - 8 * UInt32(i))) & 0xFF) }
        return Array(bytes.prefix(200))
    }
}
