import Testing
import TransformSpec

/// Parses `query` for the source `a.jpg` and checks it is refused, naming `parameter`, with
/// `fragment` in the message: the shape of every table of refused queries.
func expectRejection(_ query: String, parameter: String, mentioning fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let spec = try TransformSpec.parse(source: "a.jpg", query: query)
        Issue.record("expected an error, got \(spec.canonicalForm)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.parameter == parameter, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }
}
