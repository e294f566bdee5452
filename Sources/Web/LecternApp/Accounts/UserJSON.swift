import JSON
import Store

extension User {
    /// `{"id":…,"username":…,"displayName":…,"isAdmin":…}`: what the API tells about a user.
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("username", username)
        writer.field("displayName", displayName)
        writer.field("isAdmin", isAdmin)
        writer.endObject()
    }
}
