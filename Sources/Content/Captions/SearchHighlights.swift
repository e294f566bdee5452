extension SearchQuery {
    /// The ranges of `text` that this query's positive terms match, in order and without overlaps:
    /// words by stem, prefixes by the start of a word, phrases as consecutive exact words.
    /// Used to put `<mark>` around matches in snippets and cue lists.
    public func highlights(in text: String) -> [Range<String.Index>] {
        let terms = clauses.flatMap(\.alternatives)
        guard !terms.isEmpty else { return [] }
        var stems: Set<String> = []
        var prefixes: [String] = []
        var phrases: [[String]] = []
        for term in terms {
            switch term {
            case .word(let word): stems.insert(Stemmer.stem(word))
            case .prefix(let prefix): prefixes.append(prefix)
            case .phrase(let words): phrases.append(words)
            }
        }
        let tokens = Tokenizer.tokensWithRanges(text)
        var ranges: [Range<String.Index>] = []
        var index = 0
        while index < tokens.count {
            let length = longestPhrase(phrases, at: index, in: tokens)
                ?? (matchesWord(tokens[index].token, stems: stems, prefixes: prefixes) ? 1 : 0)
            if length > 0 {
                ranges.append(tokens[index].range.lowerBound..<tokens[index + length - 1].range.upperBound)
                index += length
            } else {
                index += 1
            }
        }
        return ranges
    }

    private func matchesWord(_ token: String, stems: Set<String>, prefixes: [String]) -> Bool {
        prefixes.contains(where: token.hasPrefix) || (!stems.isEmpty && stems.contains(Stemmer.stem(token)))
    }

    /// The token count of the longest phrase that starts at `index`, nil if none does.
    private func longestPhrase(_ phrases: [[String]], at index: Int,
                               in tokens: [(token: String, range: Range<String.Index>)]) -> Int? {
        phrases.filter { phrase in
            index + phrase.count <= tokens.count
                && zip(phrase, tokens[index..<(index + phrase.count)]).allSatisfy { $0 == $1.token }
        }.map(\.count).max()
    }
}
