//! MathTricks rule tests.
