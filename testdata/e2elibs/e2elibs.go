// Package e2elibs is the root of the second end-to-end module: code
// written with the query builders and ORMs beyond testdata/e2e's, compiled
// against the real libraries.
package e2elibs
