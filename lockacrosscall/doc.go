// Package lockacrosscall defines an Analyzer that reports network calls
// made while a transaction holds row locks.
//
// # Analyzer lockacrosscall
//
// lockacrosscall: report network calls made while rows are locked
//
// TODO
package lockacrosscall
