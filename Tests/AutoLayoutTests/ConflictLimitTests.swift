import XCTest
import AutoLayout

/// Past `LayoutLimits.maxAnalyzedConflicts`, required constraints that cannot hold are broken
/// without their minimal set and summarized in one conflict.
final class ConflictLimitTests: XCTestCase {
    /// Guides `g0…g(count-1)`, each pair pinned edge to edge across the container and each width
    /// tied to the next: nearly every constraint after the first few contradicts earlier ones.
    private func hostileDocument(guides count: Int) -> String {
        var lines = (0..<count).map { "guide g\($0)" }
        for index in 0..<(count - 1) {
            lines.append("H:|[g\(index)][g\(index + 1)]|")
            lines.append("g\(index).width == 2 * g\(index + 1).width + 3")
        }
        return lines.joined(separator: "\n")
    }

    /// What a result broke, in order: the broken constraint of each analyzed conflict, then the summary's.
    private func brokenLines(_ result: LayoutResult) -> [String] {
        result.conflicts.flatMap { conflict in
            (conflict.isSummary ? conflict.constraints : [conflict.broken]).map { "\($0.location.line): \($0.source)" }
        }
    }

    func testSummaryBreaksExactlyWhatFullAnalysisBreaks() throws {
        let document = try XCTUnwrap(parseDocument(hostileDocument(guides: 10)))
        let full = LayoutEngine(document: document, limits: LayoutLimits(maxAnalyzedConflicts: .max)).solve(portrait)
        XCTAssertGreaterThan(full.conflicts.count, 6)
        XCTAssertFalse(full.conflicts.contains(where: \.isSummary))

        let limited = LayoutEngine(document: document, limits: LayoutLimits(maxAnalyzedConflicts: 3)).solve(portrait)
        XCTAssertEqual(limited.conflicts.count, 4)
        XCTAssertEqual(limited.conflicts.map(\.isSummary), [false, false, false, true])
        XCTAssertEqual(limited.conflicts.prefix(3), full.conflicts.prefix(3))
        XCTAssertEqual(brokenLines(limited), brokenLines(full))
        XCTAssertEqual(limited.frames, full.frames, "the same constraints are laid out")
        XCTAssertEqual(limited.ambiguities, full.ambiguities)

        let summary = try XCTUnwrap(limited.conflicts.last)
        XCTAssertEqual(summary.constraints.count, full.conflicts.count - 3)
        XCTAssertEqual(summary.broken, summary.constraints.first)
        XCTAssertTrue(summary.message.contains("… and \(full.conflicts.count - 3) more constraints could not be satisfied"),
                      summary.message)
        XCTAssertTrue(limited.table().contains(summary.message))
    }

    func testHostileDocumentAnalyzesOnlyTheDefaultNumberOfConflicts() throws {
        let document = try XCTUnwrap(parseDocument(hostileDocument(guides: 80)))
        XCTAssertGreaterThan(document.constraints.count, 300)
        let engine = LayoutEngine(document: document)
        let result = engine.solve(landscape)
        let limit = LayoutLimits.default.maxAnalyzedConflicts
        XCTAssertEqual(result.conflicts.count, limit + 1)
        XCTAssertEqual(result.conflicts.filter(\.isSummary).count, 1)
        XCTAssertTrue(try XCTUnwrap(result.conflicts.last).isSummary)
        // Once a guide's leading edge follows the guide before it and its trailing edge is pinned to
        // the container, both its `H:|[gi]` and its width rule contradict them: two required
        // constraints broken for each of g1…g78.
        XCTAssertEqual(try XCTUnwrap(result.conflicts.last).constraints.count, 2 * 78 - limit)
        XCTAssertEqual(engine.solve(landscape), result, "deterministic")
    }

    func testZeroLimitSummarizesEveryConflict() throws {
        let document = try XCTUnwrap(parseDocument(AttributorTests.layout + "\nswatch1.width == 64"))
        let result = LayoutEngine(document: document, limits: LayoutLimits(maxAnalyzedConflicts: 0)).solve(landscape)
        XCTAssertEqual(result.conflicts.count, 1)
        let summary = try XCTUnwrap(result.conflicts.first)
        XCTAssertTrue(summary.isSummary)
        XCTAssertEqual(summary.constraints.map(\.source), ["swatch1.width == 64"])
        XCTAssertTrue(summary.message.contains("… and 1 more constraint could not be satisfied"), summary.message)
        // The rest is laid out as with the analysis: (568 - 40 - 24) / 4 = 126.
        XCTAssertEqual(result.frame(of: "swatch1")?.frame.width, 126)
        XCTAssertEqual(result.frames, document.solve(landscape).frames)
    }
}
