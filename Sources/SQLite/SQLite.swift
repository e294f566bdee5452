// Module SQLite.
