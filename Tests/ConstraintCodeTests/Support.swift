import SourceCode
import JSON

typealias SourceErrorAlias = SourceError

extension JSONWritable {
    func jsonString() -> String {
        var writer = JSONWriter()
        writeJSON(to: &writer)
        return writer.string
    }
}
