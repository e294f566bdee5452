/// The Porter2 ("Snowball English") stemmer, written from the published algorithm description.
///
/// Input is a lowercase token (`Tokenizer` output, so there are no apostrophes and step 0 of the
/// algorithm never applies); tokens with characters outside `a`–`z` and digits are returned unchanged.
public enum EnglishStemmer {
    /// The stem of a lowercase English word: `numbers` → `number`, `consolingly` → `consol`.
    public static func stem(_ word: String) -> String {
        String(decoding: stem(ascii: Array(word.utf8)), as: UTF8.self)
    }

    /// Stems the bytes of a lowercase word; anything but `a`–`z` and digits is returned unchanged.
    static func stem(ascii bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 2, bytes.allSatisfy({ Letters.isLowercase($0) || ($0 >= 0x30 && $0 <= 0x39) }) else {
            return bytes
        }
        if bytes.count <= 6, let exception = exceptions[bytes] { return exception }
        var stemmer = Porter2(bytes)
        return stemmer.run()
    }

    /// Words with fixed stems (none is longer than six letters).
    private static let exceptions: [[UInt8]: [UInt8]] = Dictionary(uniqueKeysWithValues: [
        "skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
        "idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl",
        "sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias",
        "andes": "andes",
    ].map { (Array($0.key.utf8), Array($0.value.utf8)) })
}

private enum Letters {
    static let upperY = UInt8(ascii: "Y")

    static func isLowercase(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

    static func isVowel(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
             UInt8(ascii: "y"): true
        default: false
        }
    }
}

/// One run of the Porter2 steps over a word's bytes.
private struct Porter2 {
    var word: [UInt8]
    var r1 = 0
    var r2 = 0

    init(_ bytes: [UInt8]) {
        word = bytes
    }

    mutating func run() -> [UInt8] {
        markConsonantY()
        computeRegions()
        step1a()
        if word.count <= 7, Self.invariantAfter1a.contains(word) { return finish() }
        step1b()
        step1c()
        step2()
        step3()
        step4()
        step5()
        return finish()
    }

    /// Words left alone after step 1a (none is longer than seven letters).
    private static let invariantAfter1a: Set<[UInt8]> = Set(
        ["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"].map { Array($0.utf8) })

    private func finish() -> [UInt8] {
        word.map { $0 == Letters.upperY ? UInt8(ascii: "y") : $0 }
    }

    // MARK: Helpers

    private func isVowel(at index: Int) -> Bool { Letters.isVowel(word[index]) }

    private func ends(with suffix: [UInt8]) -> Bool {
        word.count >= suffix.count && word[(word.count - suffix.count)...].elementsEqual(suffix)
    }

    private mutating func replaceSuffix(length: Int, with replacement: [UInt8]) {
        word.removeLast(length)
        word.append(contentsOf: replacement)
    }

    private static let sses = Array("sses".utf8), ied = Array("ied".utf8), ies = Array("ies".utf8)
    private static let us = Array("us".utf8), ss = Array("ss".utf8), s = Array("s".utf8)
    private static let at = Array("at".utf8), bl = Array("bl".utf8), iz = Array("iz".utf8)
    private static let i = Array("i".utf8), ie = Array("ie".utf8), ee = Array("ee".utf8)
    private static let doubles = Array("bdfgmnprt".utf8)

    /// The start of the region after the first non-vowel that follows a vowel, searching from `start`.
    private func region(after start: Int) -> Int {
        var index = start + 1
        while index < word.count {
            if !isVowel(at: index) && isVowel(at: index - 1) { return index + 1 }
            index += 1
        }
        return word.count
    }

    /// Initial `y` and `y` after a vowel are consonants, written `Y`.
    private mutating func markConsonantY() {
        for index in word.indices where word[index] == UInt8(ascii: "y") {
            if index == 0 || isVowel(at: index - 1) { word[index] = Letters.upperY }
        }
    }

    private static let r1Prefixes: [[UInt8]] = ["gener", "commun", "arsen"].map { Array($0.utf8) }

    private mutating func computeRegions() {
        if let prefix = Self.r1Prefixes.first(where: { word.starts(with: $0) }) {
            r1 = prefix.count
        } else {
            r1 = word.isEmpty ? 0 : region(after: 0)
        }
        r2 = r1 >= word.count ? word.count : region(after: r1)
    }

    /// `(a)` a vowel followed by a non-vowel other than `w`, `x`, `Y`, after a non-vowel;
    /// `(b)` a two-letter word of a vowel and a non-vowel.
    private func endsWithShortSyllable() -> Bool {
        let count = word.count
        if count == 2 { return isVowel(at: 0) && !isVowel(at: 1) }
        guard count >= 3 else { return false }
        let last = word[count - 1]
        return !isVowel(at: count - 3) && isVowel(at: count - 2) && !isVowel(at: count - 1)
            && last != UInt8(ascii: "w") && last != UInt8(ascii: "x") && last != Letters.upperY
    }

    private func isShortWord() -> Bool { r1 >= word.count && endsWithShortSyllable() }

    /// The longest suffix from `rules` (sorted longest first) the word ends with.
    private func longest(_ rules: [SuffixRule]) -> SuffixRule? {
        rules.first { ends(with: $0.suffix) }
    }

    private func inR1(_ length: Int) -> Bool { word.count - length >= r1 }
    private func inR2(_ length: Int) -> Bool { word.count - length >= r2 }

    // MARK: Steps

    private mutating func step1a() {
        if ends(with: Self.sses) {
            word.removeLast(2)
        } else if ends(with: Self.ied) || ends(with: Self.ies) {
            replaceSuffix(length: 3, with: word.count > 4 ? Self.i : Self.ie)
        } else if ends(with: Self.us) || ends(with: Self.ss) {
            return
        } else if ends(with: Self.s), word.count >= 3, word[..<(word.count - 2)].contains(where: Letters.isVowel) {
            word.removeLast()
        }
    }

    private static let step1bRules = SuffixRule.longestFirst([
        SuffixRule("eed", "ee"), SuffixRule("eedly", "ee"),
        SuffixRule("ed", ""), SuffixRule("edly", ""), SuffixRule("ing", ""), SuffixRule("ingly", ""),
    ])

    private mutating func step1b() {
        guard let rule = longest(Self.step1bRules) else { return }
        if rule.replacement == Self.ee {
            if inR1(rule.suffix.count) { replaceSuffix(length: rule.suffix.count, with: Self.ee) }
            return
        }
        let stemLength = word.count - rule.suffix.count
        guard word[..<stemLength].contains(where: Letters.isVowel) else { return }
        word.removeLast(rule.suffix.count)
        if ends(with: Self.at) || ends(with: Self.bl) || ends(with: Self.iz) {
            word.append(UInt8(ascii: "e"))
        } else if let last = word.last, word.count >= 2, word[word.count - 2] == last, Self.doubles.contains(last) {
            word.removeLast()
        } else if isShortWord() {
            word.append(UInt8(ascii: "e"))
        }
    }

    private mutating func step1c() {
        guard let last = word.last, last == UInt8(ascii: "y") || last == Letters.upperY,
              word.count > 2, !isVowel(at: word.count - 2) else { return }
        word[word.count - 1] = UInt8(ascii: "i")
    }

    private static let step2Rules = SuffixRule.longestFirst([
        SuffixRule("tional", "tion"), SuffixRule("enci", "ence"), SuffixRule("anci", "ance"),
        SuffixRule("abli", "able"), SuffixRule("entli", "ent"), SuffixRule("izer", "ize"),
        SuffixRule("ization", "ize"), SuffixRule("ational", "ate"), SuffixRule("ation", "ate"),
        SuffixRule("ator", "ate"), SuffixRule("alism", "al"), SuffixRule("aliti", "al"), SuffixRule("alli", "al"),
        SuffixRule("fulness", "ful"), SuffixRule("ousli", "ous"), SuffixRule("ousness", "ous"),
        SuffixRule("iveness", "ive"), SuffixRule("iviti", "ive"), SuffixRule("biliti", "ble"),
        SuffixRule("bli", "ble"), SuffixRule("ogi", "og", after: "l"), SuffixRule("fulli", "ful"),
        SuffixRule("lessli", "less"), SuffixRule("li", "", after: "cdeghkmnrt"),
    ])

    private mutating func step2() {
        guard let rule = longest(Self.step2Rules), inR1(rule.suffix.count), precededCorrectly(rule) else { return }
        replaceSuffix(length: rule.suffix.count, with: rule.replacement)
    }

    private static let step3Rules = SuffixRule.longestFirst([
        SuffixRule("tional", "tion"), SuffixRule("ational", "ate"), SuffixRule("alize", "al"),
        SuffixRule("icate", "ic"), SuffixRule("iciti", "ic"), SuffixRule("ical", "ic"),
        SuffixRule("ful", ""), SuffixRule("ness", ""), SuffixRule("ative", "", inR2: true),
    ])

    private mutating func step3() {
        guard let rule = longest(Self.step3Rules), inR1(rule.suffix.count) else { return }
        if rule.needsR2 && !inR2(rule.suffix.count) { return }
        replaceSuffix(length: rule.suffix.count, with: rule.replacement)
    }

    private static let step4Rules = SuffixRule.longestFirst([
        "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti", "ous",
        "ive", "ize",
    ].map { SuffixRule($0, "") } + [SuffixRule("ion", "", after: "st")])

    private mutating func step4() {
        guard let rule = longest(Self.step4Rules), inR2(rule.suffix.count), precededCorrectly(rule) else { return }
        word.removeLast(rule.suffix.count)
    }

    private mutating func step5() {
        guard let last = word.last else { return }
        if last == UInt8(ascii: "e") {
            if inR2(1) {
                word.removeLast()
            } else if inR1(1) {
                word.removeLast()
                if endsWithShortSyllable() { word.append(UInt8(ascii: "e")) }
            }
        } else if last == UInt8(ascii: "l"), inR2(1), word.count >= 2, word[word.count - 2] == UInt8(ascii: "l") {
            word.removeLast()
        }
    }

    private func precededCorrectly(_ rule: SuffixRule) -> Bool {
        guard let allowed = rule.precededBy else { return true }
        let index = word.count - rule.suffix.count - 1
        return index >= 0 && allowed.contains(word[index])
    }
}

/// A suffix, its replacement, and the letters that must come right before it (if restricted).
private struct SuffixRule {
    let suffix: [UInt8]
    let replacement: [UInt8]
    let precededBy: [UInt8]?
    let needsR2: Bool

    init(_ suffix: String, _ replacement: String, after letters: String? = nil, inR2: Bool = false) {
        self.suffix = Array(suffix.utf8)
        self.replacement = Array(replacement.utf8)
        self.precededBy = letters.map { Array($0.utf8) }
        self.needsR2 = inR2
    }

    /// The rules sorted so that the first one matching is the longest.
    static func longestFirst(_ rules: [SuffixRule]) -> [SuffixRule] {
        rules.sorted { $0.suffix.count > $1.suffix.count }
    }
}
