package idemvet

// The user documentation under docs/ is generated from the analyzers' Doc
// strings (internal/docs); its test fails when the two drift.
//go:generate go run ./internal/docs/docgen -o docs
