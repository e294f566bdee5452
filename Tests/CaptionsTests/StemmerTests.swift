import XCTest
import Captions

final class StemmerTests: XCTestCase {
    /// Word → stem pairs from the Porter2 sample vocabulary published with the algorithm.
    func testEnglishSnowballVocabulary() {
        let pairs: [(String, String)] = [
            ("consign", "consign"), ("consigned", "consign"), ("consigning", "consign"), ("consignment", "consign"),
            ("consist", "consist"), ("consisted", "consist"), ("consistency", "consist"), ("consistent", "consist"),
            ("consistently", "consist"), ("consisting", "consist"), ("consists", "consist"),
            ("consolation", "consol"), ("consolations", "consol"), ("consolatory", "consolatori"),
            ("console", "consol"), ("consoled", "consol"), ("consoles", "consol"), ("consolidate", "consolid"),
            ("consolidated", "consolid"), ("consolidating", "consolid"), ("consoling", "consol"),
            ("consolingly", "consol"), ("consols", "consol"), ("consonant", "conson"), ("consort", "consort"),
            ("conspicuous", "conspicu"), ("conspicuously", "conspicu"), ("conspiracy", "conspiraci"),
            ("conspirator", "conspir"), ("conspirators", "conspir"), ("conspire", "conspir"), ("conspired", "conspir"),
            ("constable", "constabl"), ("constables", "constabl"), ("constance", "constanc"), ("constancy", "constanc"),
            ("constant", "constant"), ("knack", "knack"), ("knackeries", "knackeri"), ("knaves", "knave"),
            ("knavish", "knavish"), ("kneaded", "knead"), ("kneeling", "kneel"), ("knees", "knee"),
            ("knightly", "knight"), ("knitted", "knit"), ("knitting", "knit"), ("knives", "knive"),
            ("knocker", "knocker"), ("knocking", "knock"),
        ]
        for (word, stem) in pairs {
            XCTAssertEqual(EnglishStemmer.stem(word), stem, word)
        }
    }

    func testEnglishRulesAndExceptions() {
        let pairs: [(String, String)] = [
            ("numbers", "number"), ("number", "number"), ("magic", "magic"), ("animations", "anim"),
            ("animated", "anim"), ("layouts", "layout"), ("generously", "generous"), ("skies", "sky"),
            ("dying", "die"), ("news", "news"), ("cries", "cri"), ("ties", "tie"), ("gas", "gas"), ("gaps", "gap"),
            ("succeeding", "succeed"), ("hopping", "hop"), ("hoping", "hope"), ("sayings", "say"), ("by", "by"),
            ("mp3", "mp3"), ("café", "café"),
        ]
        for (word, stem) in pairs {
            XCTAssertEqual(EnglishStemmer.stem(word), stem, word)
        }
    }

    /// Word → stem pairs from the Snowball Russian sample vocabulary.
    func testRussianSnowballVocabulary() {
        let pairs: [(String, String)] = [
            ("важная", "важн"), ("важнее", "важн"), ("важнейшие", "важн"), ("важно", "важн"), ("важного", "важн"),
            ("важным", "важн"), ("вазы", "ваз"), ("вакансию", "ваканс"), ("вал", "вал"), ("валандался", "валанда"),
            ("валентина", "валентин"), ("валериановых", "валерианов"), ("валерию", "валер"), ("вагона", "вагон"),
        ]
        for (word, stem) in pairs {
            XCTAssertEqual(RussianStemmer.stem(word), stem, word)
        }
    }

    func testRussianWordFormsShareStems() {
        XCTAssertEqual(RussianStemmer.stem("магическими"), RussianStemmer.stem("магические"))
        XCTAssertEqual(RussianStemmer.stem("магическими"), "магическ")
        XCTAssertEqual(RussianStemmer.stem("числами"), RussianStemmer.stem("числа"))
        XCTAssertEqual(RussianStemmer.stem("числами"), "числ")
        XCTAssertEqual(RussianStemmer.stem("анимацией"), RussianStemmer.stem("анимации"))
        XCTAssertEqual(RussianStemmer.stem("прочитавшись"), "прочита")
        XCTAssertEqual(RussianStemmer.stem("длинный"), "длин")
        XCTAssertEqual(RussianStemmer.stem("радость"), "радост")
        XCTAssertEqual(RussianStemmer.stem("word"), "word")
    }

    func testTokenizerFoldsCaseAndYo() {
        XCTAssertEqual(Tokenizer.tokens("Ёлка, «МАГИЯ»! Hello-World_42 x\u{0301}y и\u{0306}од"),
                       ["елка", "магия", "hello", "world", "42", "x\u{0301}y", "йод"])
        XCTAssertEqual(Tokenizer.tokens(" \"* ( ) -- "), [])
    }

    func testStemmedTextChoosesLanguagePerToken() {
        XCTAssertEqual(Stemmer.stemmedText("Magic Numbers"), "magic number")
        XCTAssertEqual(Stemmer.stemmedText("Магические числа"), Stemmer.stemmedText("магическими ЧИСЛАМИ"))
        XCTAssertEqual(Stemmer.stemmedText("UIView анимации 42 Straße"), "uiview анимац 42 straße")
    }
}
