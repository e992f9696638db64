"""Infrastructure shared by every rule: seeding, atomic I/O with provenance, plot style, claims."""
