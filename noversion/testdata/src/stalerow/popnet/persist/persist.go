// Package persist is a persister in the shape of an OAuth server's: every
// write goes through helpers taking the model as an interface{} and
// scoping it to the network, and the update helper writes every column
// of the model's own row.
package persist

import (
	"context"

	"github.com/gobuffalo/pop/v6"
)

type Persister struct {
	c   *pop.Connection
	nid string
}

type txKey struct{}

// Connection is the transaction the context carries, else the pool.
func (p *Persister) Connection(ctx context.Context) *pop.Connection {
	if c, ok := ctx.Value(txKey{}).(*pop.Connection); ok && c != nil {
		return c
	}
	return p.c
}

// UpdateWithNetwork writes every column of v's row.
func (p *Persister) UpdateWithNetwork(ctx context.Context, v interface{}) (int64, error) {
	m := pop.NewModel(v, ctx)
	cs := make([]string, 0, len(m.Columns().Cols))
	for _, col := range m.Columns().Cols {
		cs = append(cs, col.Name)
	}
	return p.Connection(ctx).Where(m.IDField()+" = ? AND nid = ?", m.ID(), p.nid).UpdateQuery(v, cs...)
}
