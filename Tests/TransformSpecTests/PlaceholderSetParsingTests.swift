import Layout
import Testing
import TransformSpec

@Suite("Placeholder parameters parse to one canonical text")
struct PlaceholderSetParsingTests {
    static func canonical(_ query: String) throws -> String {
        let (pairs, _) = try PlaceholderSet.split(query: Substring(query))
        return try PlaceholderSet(pairs: pairs).canonicalText
    }

    @Test(
        "equivalent spellings print the same: defaults written out, order fixed",
        arguments: [
            ("blurhash=1", "blurhash=4x3"), ("blurhash=4x3", "blurhash=4x3"), ("lqip=1", "lqip=webp&lqipbytes=1024"),
            ("lqip=webp&lqipbytes=1024", "lqip=webp&lqipbytes=1024"), ("lqipbytes=300&lqip=avif", "lqip=avif&lqipbytes=300"),
            ("palette=5&thumbhash=1&blurhash=9x1", "blurhash=9x1&thumbhash=1&palette=5"),
            ("dominantcolor=1&averagecolor=1", "averagecolor=1&dominantcolor=1"), ("palette=16", "palette=16"),
        ])
    func spellings(query: String, expected: String) throws {
        #expect(try Self.canonical(query) == expected)
    }

    @Test("the split keeps the other parameters as written, for the image parser")
    func split() throws {
        let (pairs, rest) = try PlaceholderSet.split(query: "w=100&blurhash=1&chain=Image(%22a%22)&palette=3&v=2")
        #expect(pairs.map(\.key) == ["blurhash", "palette"])
        #expect(rest == "w=100&chain=Image(%22a%22)&v=2")
        #expect(try PlaceholderSet.split(query: "w=1").placeholders.isEmpty)
    }

    @Test(
        "bad values name the parameter",
        arguments: [
            ("blurhash=0x3", "blurhash"), ("blurhash=4x10", "blurhash"), ("blurhash=4x3x1", "blurhash"), ("blurhash=", "blurhash"),
            ("blurhash=+4x3", "blurhash"), ("thumbhash=yes", "thumbhash"), ("averagecolor=0", "averagecolor"), ("palette=-1", "palette"),
            ("palette=1e1", "palette"), ("lqip=jpeg", "lqip"), ("lqip=webp&lqipbytes=99", "lqipbytes"), ("lqip=webp&lqipbytes=65537", "lqipbytes"),
            ("lqipbytes=500", "lqipbytes"), ("palette=2&palette=3", "palette"),
        ])
    func refused(query: String, parameter: String) throws {
        #expect {
            _ = try Self.canonical(query)
        } throws: { error in
            (error as? SpecError)?.parameter == parameter
        }
    }
}
