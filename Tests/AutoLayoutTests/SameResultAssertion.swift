import XCTest
import AutoLayout

/// Fails unless two solves of the same scenario gave the same result in every part a grade reads:
/// the scenario, the container, the frames bit for bit, conflicts, ambiguities, warnings and
/// whether the pivot limit was reached.
func assertSameResult(_ reused: LayoutResult, _ fresh: LayoutResult, _ context: String,
                      file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(reused.scenario, fresh.scenario, context, file: file, line: line)
    XCTAssertEqual(reused.containerSize, fresh.containerSize, context, file: file, line: line)
    XCTAssertEqual(reused.frames, fresh.frames, context, file: file, line: line)
    XCTAssertEqual(reused.conflicts, fresh.conflicts, context, file: file, line: line)
    XCTAssertEqual(reused.ambiguities, fresh.ambiguities, context, file: file, line: line)
    XCTAssertEqual(reused.warnings, fresh.warnings, context, file: file, line: line)
    XCTAssertEqual(reused.reachedPivotLimit, fresh.reachedPivotLimit, context, file: file, line: line)
}
