import CLI

/// `--db PATH`, taken by every subcommand that touches the database.
let databaseOption = OptionSpec(
    "db", valueName: "path", help: "The SQLite database file; created with the schema when missing.",
    default: "./lectern.sqlite", env: "LECTERN_DB", kind: .path)
