// Module LayoutSolver.
