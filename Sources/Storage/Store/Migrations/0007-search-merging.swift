import SQLite

extension Schema {
    /// The caption index merges its segments eight at a time instead of FTS5's default four.
    ///
    /// Every imported lecture adds one segment to `caption_cue_search`, and FTS5 merges a level once it
    /// holds `automerge` segments, so each cue's index entries are rewritten about log(lectures)/log(automerge)
    /// times over a course's import. Eight rewrites them a third less often than four at a thousand lectures,
    /// while a query still reads only a few segments per level. The index content is unchanged, so nothing
    /// is rebuilt: the setting applies to the merges that follow.
    static let searchMerging = Migration("0007-search-merging", sql: """
        INSERT INTO caption_cue_search (caption_cue_search, rank) VALUES ('automerge', 8);
        """)
}
