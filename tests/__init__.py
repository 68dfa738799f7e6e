"""The test suite (a package, so test modules can share helpers across folders)."""
