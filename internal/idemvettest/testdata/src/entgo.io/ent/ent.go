// Package ent is a stand-in for entgo.io/ent v0.14: the little generated
// clients import from it.
package ent

type Schema struct{}

type Mutation interface{ Op() Op }

type Op uint
