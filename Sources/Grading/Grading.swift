// Module Grading.
