/// A request target as sent, the key of what a URL parsed or resolved to (`SpecMemo`, `ViewRoute`):
/// its path (still percent-encoded: checking and decoding it is part of what is remembered) and its
/// query. Both are ASCII (`HeadParser` refuses any other byte in a request target), where
/// `String ==` is byte equality: no `ByteKey` needed on the hit path.
struct TargetKey: Hashable, Sendable {
    let path: Substring
    let query: Substring
}
