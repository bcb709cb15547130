// Package rivertype is a stand-in for github.com/riverqueue/river/rivertype.
package rivertype

type JobRow struct {
	ID          int64
	Attempt     int
	Kind        string
	EncodedArgs []byte
}
