import XCTest
import Captions
import SeededRandom

final class SearchQueryTests: XCTestCase {
    private let stemmed = FTS5Column("stemmed")
    private let text = FTS5Column("text")

    private func expression(_ query: String, stemmed useStems: Bool = true) -> FTS5Match {
        SearchQuery(parsing: query).fts5Expression(stemmed: useStems, wordColumn: stemmed, exactColumn: text)
    }

    func testParsingTheLanguage() {
        let query = SearchQuery(parsing: "Magic numbers \"exact  Phrase\" anim* drawRect OR layoutSubviews -slow -\"not this\" auto-layout")
        XCTAssertEqual(query.clauses, [
            .init([.word("magic")]), .init([.word("numbers")]), .init([.phrase(["exact", "phrase"])]),
            .init([.prefix("anim")]), .init([.word("drawrect"), .word("layoutsubviews")]),
            .init([.phrase(["auto", "layout"])]),
        ])
        XCTAssertEqual(query.excluded, [.word("slow"), .phrase(["not", "this"])])
        XCTAssertEqual(query.words, ["magic", "numbers", "exact", "phrase", "anim", "drawrect", "layoutsubviews",
                                     "auto", "layout", "slow", "not", "this"])
    }

    func testOperatorsOutOfPlaceAreIgnored() {
        XCTAssertEqual(SearchQuery(parsing: "OR a OR OR b OR"),
                       SearchQuery(clauses: [.init([.word("a"), .word("b")])]))
        XCTAssertEqual(SearchQuery(parsing: "a or b"),
                       SearchQuery(clauses: [.init([.word("a")]), .init([.word("or")]), .init([.word("b")])]))
        XCTAssertEqual(SearchQuery(parsing: "a OR -b c"),
                       SearchQuery(clauses: [.init([.word("a")]), .init([.word("c")])], excluded: [.word("b")]))
    }

    func testExpressions() {
        XCTAssertEqual(expression("magic numbers"), .expression("stemmed : \"magic\" AND stemmed : \"number\""))
        XCTAssertEqual(expression("магическими числами"), .expression("stemmed : \"магическ\" AND stemmed : \"числ\""))
        XCTAssertEqual(expression("\"Magic Numbers\" anim*"), .expression("text : \"magic numbers\" AND text : \"anim\" *"))
        XCTAssertEqual(expression("views OR layers -slow -\"very slow\""),
                       .expression("(stemmed : \"view\" OR stemmed : \"layer\") NOT (stemmed : \"slow\" OR text : \"very slow\")"))
        XCTAssertEqual(expression("numbers", stemmed: false), .expression("text : \"numbers\""))
        XCTAssertEqual(expression("a b -c"), .expression("(stemmed : \"a\" AND stemmed : \"b\") NOT stemmed : \"c\""))
        XCTAssertEqual(SearchQuery(parsing: "numbers").fts5Expression(stemmed: true), .expression("\"number\""))
    }

    func testEmptyQueries() {
        for query in ["", "   ", "-excluded", "-a -\"b c\"", "\"\"", "* ( ) : ^", "OR", "\u{0001}\u{0002}"] {
            XCTAssertEqual(expression(query), .empty, query)
            XCTAssertTrue(SearchQuery(parsing: query).isEmpty, query)
        }
        // FTS5 keywords typed by a user are just words once quoted.
        XCTAssertEqual(expression("NEAR( NOT x AND y and"),
                       .expression("stemmed : \"near\" AND stemmed : \"not\" AND stemmed : \"x\" AND stemmed : \"y\" AND stemmed : \"and\""))
    }

    func testGrammarCheckerRejectsMalformedExpressions() {
        let columns: Set<String> = ["text"]
        XCTAssertTrue(FTS5Grammar.isWellFormed("(text : \"a b\" OR \"c\" *) NOT \"d\"", columns: columns))
        for bad in ["near(\"a\" \"b\")", "\"a\"b\"", "text : \"x\" AND", "\"a\" OR OR \"b\"", "other : \"a\"",
                    "\"a  b\"", "\"a-b\"", "(\"a\"", "\"\"", "\"a\" \"b\"", "* \"a\""] {
            XCTAssertFalse(FTS5Grammar.isWellFormed(bad, columns: columns), bad)
        }
    }

    func testColumnNamesAreValidated() {
        XCTAssertNotNil(FTS5Column("text_2"))
        XCTAssertNil(FTS5Column("text\" OR 1"))
        XCTAssertNil(FTS5Column("2col"))
        XCTAssertNil(FTS5Column(""))
    }

    func testHostileStringsAlwaysGiveWellFormedExpressions() {
        let pieces = ["\"", "\"\"", "(", ")", "NEAR", "NEAR(", "*", "-", "OR", "AND", "NOT", ":", "^", "+", "{", "}",
                      "\u{0000}", "\u{0007}", "\u{FEFF}", "\u{200B}", "\n", "\t", " ", "  ", "word", "Слово",
                      "café", "x\u{0301}", "🙂", "a*b", "-\"", "\"-", "'", "\\", "1:2", "text:", "stemmed : \"x\""]
        var generator = SplitMix64(seed: 0x5EED)
        var nonEmpty = 0
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 24)
            let query = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            for useStems in [true, false] {
                switch expression(query, stemmed: useStems) {
                case .empty:
                    XCTAssertTrue(SearchQuery(parsing: query).isEmpty, query)
                case .expression(let fts):
                    nonEmpty += 1
                    XCTAssertTrue(FTS5Grammar.isWellFormed(fts, columns: ["stemmed", "text"]), "\(query) -> \(fts)")
                }
            }
        }
        XCTAssertGreaterThan(nonEmpty, 1_000)
    }

    func testHugeQueryIsCappedAndWellFormed() {
        let huge = String(repeating: "(\"a NEAR b\" -c* OR ", count: 600)
        XCTAssertGreaterThan(huge.utf8.count, 10_000)
        let query = SearchQuery(parsing: huge)
        XCTAssertLessThanOrEqual(query.clauses.flatMap(\.alternatives).count + query.excluded.count, SearchQuery.maxTerms)
        guard case .expression(let fts) = expression(huge) else { return XCTFail("expected an expression") }
        XCTAssertTrue(FTS5Grammar.isWellFormed(fts, columns: ["stemmed", "text"]), fts)
    }
}


/// Checks the FTS5 subset the query builder may emit:
/// `expr := primary ((AND | OR | NOT) primary)*`, `primary := [column ":"] string ["*"] | "(" expr ")"`,
/// where every string holds only letters, digits, marks and single spaces between words.
enum FTS5Grammar {
    private enum Token: Equatable { case string(String), word(String), open, close, colon, star }

    static func isWellFormed(_ expression: String, columns: Set<String>) -> Bool {
        guard let tokens = tokenize(expression) else { return false }
        var position = 0
        guard parseExpression(tokens, &position, columns: columns, depth: 0) else { return false }
        return position == tokens.count
    }

    private static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ": index += 1
            case "(": tokens.append(.open); index += 1
            case ")": tokens.append(.close); index += 1
            case ":": tokens.append(.colon); index += 1
            case "*": tokens.append(.star); index += 1
            case "\"":
                var content = ""
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    content.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { return nil }
                index += 1
                let words = content.split(separator: " ", omittingEmptySubsequences: false)
                guard !content.isEmpty, words.allSatisfy({ !$0.isEmpty && Tokenizer.tokens($0) == [String($0)] }) else {
                    return nil
                }
                tokens.append(.string(content))
            default:
                var word = ""
                while index < characters.count, characters[index].isASCII, characters[index].isLetter || characters[index] == "_" {
                    word.append(characters[index])
                    index += 1
                }
                guard !word.isEmpty else { return nil }
                tokens.append(.word(word))
            }
        }
        return tokens
    }

    private static func parseExpression(_ tokens: [Token], _ position: inout Int, columns: Set<String>, depth: Int) -> Bool {
        guard depth < 8, parsePrimary(tokens, &position, columns: columns, depth: depth) else { return false }
        while position < tokens.count, case .word(let op) = tokens[position], ["AND", "OR", "NOT"].contains(op) {
            position += 1
            guard parsePrimary(tokens, &position, columns: columns, depth: depth) else { return false }
        }
        return true
    }

    private static func parsePrimary(_ tokens: [Token], _ position: inout Int, columns: Set<String>, depth: Int) -> Bool {
        guard position < tokens.count else { return false }
        switch tokens[position] {
        case .open:
            position += 1
            guard parseExpression(tokens, &position, columns: columns, depth: depth + 1),
                  position < tokens.count, tokens[position] == .close else { return false }
            position += 1
            return true
        case .word(let column):
            guard columns.contains(column), position + 1 < tokens.count, tokens[position + 1] == .colon else { return false }
            position += 2
            return parseString(tokens, &position)
        default:
            return parseString(tokens, &position)
        }
    }

    private static func parseString(_ tokens: [Token], _ position: inout Int) -> Bool {
        guard position < tokens.count, case .string = tokens[position] else { return false }
        position += 1
        if position < tokens.count, tokens[position] == .star { position += 1 }
        return true
    }
}
