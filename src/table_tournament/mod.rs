//! The tournament of the table model: games of one to four seats.
pub mod schedule;
