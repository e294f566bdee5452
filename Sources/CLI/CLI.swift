// Module CLI.
