/// The Snowball Russian stemmer, written from the published algorithm description.
///
/// Input is a lowercase token with `ё` already folded to `е` (`Tokenizer` output); tokens with
/// characters outside `а`–`я` are returned unchanged.
public enum RussianStemmer {
    /// The stem of a lowercase Russian word: `магическими` and `магические` → `магическ`.
    public static func stem(_ word: String) -> String {
        String(decoding: stem(utf8: Array(word.utf8)), as: UTF8.self)
    }

    /// True when the two bytes are the UTF-8 form of a letter `а`…`я`.
    static func isLowercaseLetter(lead: UInt8, trail: UInt8) -> Bool {
        (lead == 0xD0 && (0xB0...0xBF).contains(trail)) || (lead == 0xD1 && (0x80...0x8F).contains(trail))
    }

    /// Stems UTF-8 bytes; anything but `а`…`я` is returned unchanged.
    static func stem(utf8 bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty, bytes.count % 2 == 0 else { return bytes }
        var letters: [UInt8] = []
        letters.reserveCapacity(bytes.count / 2)
        var index = 0
        while index < bytes.count {
            guard isLowercaseLetter(lead: bytes[index], trail: bytes[index + 1]) else { return bytes }
            letters.append(RussianLetters.code(lead: bytes[index], trail: bytes[index + 1]))
            index += 2
        }
        var stemmer = SnowballRussian(letters)
        stemmer.run()
        var output: [UInt8] = []
        output.reserveCapacity(stemmer.word.count * 2)
        for letter in stemmer.word { RussianLetters.appendUTF8(letter, to: &output) }
        return output
    }
}

/// Letters `а`…`я` as codes 0…31 (`а` = 0).
private enum RussianLetters {
    static func code(lead: UInt8, trail: UInt8) -> UInt8 {
        lead == 0xD0 ? trail - 0xB0 : trail - 0x80 + 16
    }

    static func appendUTF8(_ code: UInt8, to output: inout [UInt8]) {
        if code < 16 {
            output.append(0xD0)
            output.append(0xB0 + code)
        } else {
            output.append(0xD1)
            output.append(0x80 + code - 16)
        }
    }

    static func codes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8($0.value - 0x430) }
    }

    static let a = codes("а")[0], ya = codes("я")[0], i = codes("и")[0], n = codes("н")[0], softSign = codes("ь")[0]
    static let vowels: Set<UInt8> = Set(codes("аеиоуыэюя"))
}

/// An ending; `afterA` endings only count right after `а` or `я`.
private struct Ending {
    let letters: [UInt8]
    let afterA: Bool
}

/// Endings longest first, so the first match is the longest one.
private func endings(_ list: String, afterA: String = "") -> [Ending] {
    let plain = list.split(separator: " ").map { Ending(letters: RussianLetters.codes(String($0)), afterA: false) }
    let restricted = afterA.split(separator: " ").map { Ending(letters: RussianLetters.codes(String($0)), afterA: true) }
    return (plain + restricted).sorted { $0.letters.count > $1.letters.count }
}

/// One run of the Snowball Russian steps over letter codes.
private struct SnowballRussian {
    var word: [UInt8]
    /// Start of RV: the region after the first vowel.
    let rv: Int
    /// Start of R2.
    let r2: Int

    init(_ letters: [UInt8]) {
        word = letters
        func regionAfter(_ start: Int) -> Int {
            var index = start
            while index < letters.count, !RussianLetters.vowels.contains(letters[index]) { index += 1 }
            index += 1
            while index < letters.count, RussianLetters.vowels.contains(letters[index]) { index += 1 }
            return min(index + 1, letters.count)
        }
        var firstVowel = 0
        while firstVowel < letters.count, !RussianLetters.vowels.contains(letters[firstVowel]) { firstVowel += 1 }
        rv = min(firstVowel + 1, letters.count)
        r2 = regionAfter(regionAfter(0))
    }

    static let perfectiveGerund = endings("ив ивши ившись ыв ывши ывшись", afterA: "в вши вшись")
    static let adjective = endings("ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею")
    static let participle = endings("ивш ывш ующ", afterA: "ем нн вш ющ щ")
    static let reflexive = endings("ся сь")
    static let verb = endings("ила ыла ена ейте уйте ите или ыли ей уй ил ыл им ым ен ило ыло ено ят ует уют ит ыт ены ить ыть ишь ую ю",
                              afterA: "ла на ете йте ли й л ем н ло но ет ют ны ть ешь нно")
    static let noun = endings("а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях ы ь ию ью ю ия ья я")
    static let derivational = endings("ост ость")
    static let superlative = endings("ейш ейше")

    mutating func run() {
        if !removeEnding(Self.perfectiveGerund) {
            removeEnding(Self.reflexive)
            if !removeAdjectival() && !removeEnding(Self.verb) {
                removeEnding(Self.noun)
            }
        }
        if word.last == RussianLetters.i, word.count - 1 >= rv { word.removeLast() }
        if let found = longestEnding(Self.derivational), word.count - found.letters.count >= r2 {
            word.removeLast(found.letters.count)
        }
        tidyUp()
    }

    /// The longest ending from `list` that lies inside RV.
    private func longestEnding(_ list: [Ending]) -> Ending? {
        list.first { ending in
            word.count - ending.letters.count >= rv && word[(word.count - ending.letters.count)...].elementsEqual(ending.letters)
        }
    }

    /// Removes the longest ending of `list`; when that ending must follow `а`/`я` (in RV) and does
    /// not, nothing is removed and the step fails, as in the algorithm.
    @discardableResult
    private mutating func removeEnding(_ list: [Ending]) -> Bool {
        guard let found = longestEnding(list) else { return false }
        if found.afterA {
            let before = word.count - found.letters.count - 1
            guard before >= rv, word[before] == RussianLetters.a || word[before] == RussianLetters.ya else { return false }
        }
        word.removeLast(found.letters.count)
        return true
    }

    /// An adjective ending, then a participle ending before it if there is one.
    private mutating func removeAdjectival() -> Bool {
        guard removeEnding(Self.adjective) else { return false }
        removeEnding(Self.participle)
        return true
    }

    /// `ейш(е)` then `нн` → `н`; or `нн` → `н`; or a final `ь`.
    private mutating func tidyUp() {
        if let found = longestEnding(Self.superlative) {
            word.removeLast(found.letters.count)
            undoubleN()
        } else if !undoubleN(), word.last == RussianLetters.softSign, word.count - 1 >= rv {
            word.removeLast()
        }
    }

    @discardableResult
    private mutating func undoubleN() -> Bool {
        guard word.count >= 2, word.count - 2 >= rv, word[word.count - 1] == RussianLetters.n,
              word[word.count - 2] == RussianLetters.n else { return false }
        word.removeLast()
        return true
    }
}
