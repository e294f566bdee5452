// Module JSON.
