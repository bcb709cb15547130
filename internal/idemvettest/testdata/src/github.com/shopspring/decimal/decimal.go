// Package decimal is a stand-in for github.com/shopspring/decimal: the
// comparison methods the model reads, and enough to build values.
package decimal

type Decimal struct {
	value int64
	exp   int32
}

var Zero = Decimal{}

func NewFromInt(v int64) Decimal { return Decimal{value: v} }

func (d Decimal) Sub(d2 Decimal) Decimal { return Decimal{value: d.value - d2.value} }
func (d Decimal) Add(d2 Decimal) Decimal { return Decimal{value: d.value + d2.value} }
func (d Decimal) Cmp(d2 Decimal) int {
	switch {
	case d.value < d2.value:
		return -1
	case d.value > d2.value:
		return 1
	}
	return 0
}
func (d Decimal) Equal(d2 Decimal) bool              { return d.Cmp(d2) == 0 }
func (d Decimal) GreaterThan(d2 Decimal) bool        { return d.Cmp(d2) == 1 }
func (d Decimal) GreaterThanOrEqual(d2 Decimal) bool { return d.Cmp(d2) >= 0 }
func (d Decimal) LessThan(d2 Decimal) bool           { return d.Cmp(d2) == -1 }
func (d Decimal) LessThanOrEqual(d2 Decimal) bool    { return d.Cmp(d2) <= 0 }
func (d Decimal) String() string                     { return "" }
