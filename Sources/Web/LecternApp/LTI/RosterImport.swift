import Foundation
import HTTPServer
import LTI
import SQLite
import Store

/// Names and Role Provisioning Services (NRPS 2.0): imports an LMS course's members into the
/// linked Lectern course on an instructor's request. Members become (or are linked to) accounts
/// as on their first launch, and are enrolled with their mapped role; inactive members and
/// members without a course role are skipped. Nobody is removed.
struct RosterImport: Sendable {
    let runtime: LTIRuntime

    /// What an import did.
    struct Summary: Sendable, Equatable {
        var members = 0
        var enrolled = 0
        var skipped = 0
    }

    /// The most pages followed through `Link: <…>; rel="next"`.
    static let maxPages = 20

    func run(course: Course, now: Date = Date()) async throws -> Summary {
        let database = runtime.database
        let courseID = course.id
        let links = try await database.read { db in
            try LTIContextLink.all(courseID: courseID, db).compactMap { link -> (LTIContextLink, LTIPlatform)? in
                guard link.membershipsURL != nil, let platform = try LTIPlatform.find(id: link.platformID, db) else { return nil }
                return (link, platform)
            }
        }
        guard !links.isEmpty else {
            throw HTTPError(.conflict, code: "no_roster_service",
                            message: "No LMS course linked to \(course.slug) offers its roster: launch Lectern from the LMS first.")
        }
        var summary = Summary()
        for (link, platform) in links {
            var next = link.membershipsURL
            var pages = 0
            while let url = next, pages < Self.maxPages {
                pages += 1
                let token = try await runtime.accessToken(platform, scopes: [LTIClaim.membershipScope])
                let http = runtime.http
                let response = try await runtime.outbound.run {
                    try http.send("GET", url, headers: [("Accept", LTIClaim.membershipMediaType), ("Authorization", "Bearer \(token)")])
                }
                guard response.status == 200 else {
                    throw HTTPError(.badGateway, code: "roster_unavailable", message: "The LMS answered \(response.status) for the roster.")
                }
                let members = try PlatformResponses.members(response.body)
                let issuer = link.issuer
                let counted = try await database.write { db -> Summary in
                    var page = Summary()
                    for member in members {
                        page.members += 1
                        guard member.active, let role = LTIRole.map(member.roles) else {
                            page.skipped += 1
                            continue
                        }
                        let message = LaunchMessage(messageType: .resourceLink, issuer: issuer, clientID: platform.clientID,
                                                    deploymentID: platform.deploymentID, subject: member.userID, name: member.name,
                                                    email: member.email, roles: member.roles, targetLinkURI: "", nonce: "", context: nil,
                                                    resourceLink: nil, custom: [], gradeService: nil, membershipsURL: nil, deepLinking: nil)
                        let user = try LaunchService.account(for: message, now: now, db)
                        try User.enroll(userID: user.id, courseID: courseID, role: role == .instructor ? .instructor : .student, at: now, db)
                        page.enrolled += 1
                    }
                    return page
                }
                summary.members += counted.members
                summary.enrolled += counted.enrolled
                summary.skipped += counted.skipped
                next = Self.nextPage(response.links)
            }
        }
        return summary
    }

    /// The `rel="next"` target of `Link` header values, if it may be called.
    static func nextPage(_ links: [String]) -> String? {
        for value in links {
            for part in value.split(separator: ",") {
                let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let first = pieces.first, first.hasPrefix("<"), first.hasSuffix(">"),
                      pieces.dropFirst().contains(where: { $0.replacingOccurrences(of: "\"", with: "") == "rel=next" }) else { continue }
                let url = String(first.dropFirst().dropLast())
                return OutboundHTTP.isAllowed(url) ? url : nil
            }
        }
        return nil
    }
}
