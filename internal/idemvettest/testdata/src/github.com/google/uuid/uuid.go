// Package uuid is a stand-in for github.com/google/uuid.
package uuid

type UUID [16]byte

func (u UUID) String() string { return "" }

func New() UUID                            { return UUID{} }
func NewString() string                    { return "" }
func NewRandom() (UUID, error)             { return UUID{}, nil }
func NewV7() (UUID, error)                 { return UUID{}, nil }
func Must(u UUID, err error) UUID          { return u }
func MustParse(s string) UUID              { return UUID{} }
func Parse(s string) (UUID, error)         { return UUID{}, nil }
func NewSHA1(space UUID, data []byte) UUID { return UUID{} }

var NameSpaceURL = UUID{}
