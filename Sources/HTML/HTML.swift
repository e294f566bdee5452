// Module HTML.
