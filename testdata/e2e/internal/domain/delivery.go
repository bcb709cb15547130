package domain

// Delivery is an outbound webhook delivery and its retry state.
type Delivery struct {
	ID        int64
	Attempts  int
	LastError string
}

// Failed records a failed attempt.
func (d *Delivery) Failed(err error) {
	d.Attempts++
	d.LastError = err.Error()
}
