// Module Captions.
