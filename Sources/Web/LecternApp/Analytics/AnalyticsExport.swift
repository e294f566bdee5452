import Foundation
import JSON

/// The API forms of an exercise's analytics: JSON and CSV.
enum AnalyticsExport {
    /// `{"students":N,"attempted":N,"scores":{"histogram":[…],"mean":…,"median":…},"scenarios":[{"name":…,"passRate":…}],
    /// "checks":[…],"diagnostics":[{"code":…,"count":N,"example":…}],"attemptsToFullScore":{"median":…}}`.
    static func json(_ analytics: ExerciseAnalytics, to json: inout JSONWriter) {
        json.beginObject()
        json.field("students", analytics.students)
        json.field("attempted", analytics.attempted)
        json.key("scores")
        json.beginObject()
        json.field("histogram", analytics.histogram)
        json.field("mean", analytics.mean)
        json.field("median", analytics.median)
        json.endObject()
        for (key, rates) in [("scenarios", analytics.scenarios), ("checks", analytics.checks)] {
            json.key(key)
            json.beginArray()
            for rate in rates {
                json.beginObject()
                json.field("name", rate.name)
                json.field("passRate", rate.passRate)
                json.endObject()
            }
            json.endArray()
        }
        json.key("diagnostics")
        json.beginArray()
        for diagnostic in analytics.diagnostics {
            json.beginObject()
            json.field("code", diagnostic.code)
            json.field("count", diagnostic.count)
            json.field("example", diagnostic.example)
            json.endObject()
        }
        json.endArray()
        json.key("attemptsToFullScore")
        json.beginObject()
        json.field("median", analytics.attemptsToFullScoreMedian)
        json.endObject()
        json.endObject()
    }

    /// One row per figure: `section,name,count,value,example`.
    static func csv(_ analytics: ExerciseAnalytics) -> String {
        var rows: [[String]] = [["section", "name", "count", "value", "example"]]
        func number(_ value: Double?) -> String { value.map { PageFormat.score($0) } ?? "" }
        func rate(_ value: Double) -> String { String(format: "%.4f", value) }
        rows.append(["students", "", String(analytics.students), "", ""])
        rows.append(["attempted", "", String(analytics.attempted), rate(analytics.participation), ""])
        rows.append(["score", "mean", "", number(analytics.mean), ""])
        rows.append(["score", "median", "", number(analytics.median), ""])
        for (index, count) in analytics.histogram.enumerated() {
            rows.append(["histogram", "\(index * 10)-\(index == 9 ? 100 : index * 10 + 10)%", String(count), "", ""])
        }
        for scenario in analytics.scenarios { rows.append(["scenario", scenario.name, String(scenario.students), rate(scenario.passRate), ""]) }
        for check in analytics.checks { rows.append(["check", check.name, String(check.students), rate(check.passRate), ""]) }
        for diagnostic in analytics.diagnostics {
            rows.append(["diagnostic", diagnostic.code, String(diagnostic.count), "", diagnostic.example])
        }
        rows.append(["attemptsToFullScore", "median", String(analytics.reachedFullScore), number(analytics.attemptsToFullScoreMedian), ""])
        rows.append(["secondsToFullScore", "median", String(analytics.reachedFullScore), number(analytics.timeToFullScoreMedian), ""])
        return rows.map { $0.map(CSVLine.quote).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }
}
