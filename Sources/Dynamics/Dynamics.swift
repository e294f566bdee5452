// Module Dynamics.
