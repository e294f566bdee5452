import Foundation
import SQLite
import Store

/// Registering a platform, shared by the admin page and `lectern lti add-platform`: the fields
/// are checked (URLs must be HTTPS, or HTTP to a loopback host) before anything is stored.
enum LTIRegistration {
    /// Checks every field; the first bad one is a ``ValidationError`` naming it.
    static func validate(issuer: String, clientID: String, deploymentID: String, authURL: String, tokenURL: String,
                         jwksURL: String) throws(ValidationError) -> NewLTIPlatform {
        func text(_ value: String, _ field: String, max: Int) throws(ValidationError) -> String {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.utf8.count <= max, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                throw ValidationError(field: field, message: "must be 1 to \(max) bytes without control characters")
            }
            return trimmed
        }
        func url(_ value: String, _ field: String) throws(ValidationError) -> String {
            let checked = try text(value, field, max: 2000)
            guard OutboundHTTP.isAllowed(checked) else {
                throw ValidationError(field: field, message: "must be an https:// URL (http:// only for a loopback host), not \(checked.prefix(200))")
            }
            return checked
        }
        return NewLTIPlatform(issuer: try url(issuer, "issuer"), clientID: try text(clientID, "clientId", max: 255),
                              deploymentID: try text(deploymentID, "deploymentId", max: 255), authURL: try url(authURL, "authUrl"),
                              tokenURL: try url(tokenURL, "tokenUrl"), jwksURL: try url(jwksURL, "jwksUrl"))
    }

    /// Stores a checked registration, tied to the course `courseSlug` when given.
    static func add(_ registration: NewLTIPlatform, courseSlug: String?, _ db: Connection) throws -> LTIPlatform {
        var registration = registration
        if let courseSlug {
            guard let course = try Course.find(slug: courseSlug, db) else {
                throw ValidationError(field: "course", message: "names no course: \(courseSlug)")
            }
            registration.courseID = course.id
        }
        return try LTIPlatform.insert(registration, db)
    }
}
