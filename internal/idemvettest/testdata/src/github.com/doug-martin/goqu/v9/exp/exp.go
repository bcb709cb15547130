// Package exp is a stand-in for github.com/doug-martin/goqu/v9/exp: the
// expression types goqu's datasets take, with the real signatures.
package exp

type (
	Expression interface {
		Clone() Expression
		Expression() Expression
	}
	BooleanExpression interface {
		Expression
		Op() string
	}
	AliasedExpression interface{ Expression }
	LiteralExpression interface {
		Expression
		Eq(interface{}) BooleanExpression
		Gt(interface{}) BooleanExpression
	}
	ExpressionList interface {
		Expression
		Type() int
	}
	ConflictExpression interface {
		Expression
		Action() int
	}
	ConflictUpdateExpression interface {
		ConflictExpression
		TargetColumn() string
		Where(expressions ...Expression) ConflictUpdateExpression
		Update() interface{}
	}
	IdentifierExpression interface {
		Expression
		Eq(interface{}) BooleanExpression
		Neq(interface{}) BooleanExpression
		Gt(interface{}) BooleanExpression
		Gte(interface{}) BooleanExpression
		Lt(interface{}) BooleanExpression
		Lte(interface{}) BooleanExpression
		In(...interface{}) BooleanExpression
		NotIn(...interface{}) BooleanExpression
		Is(interface{}) BooleanExpression
		IsNot(interface{}) BooleanExpression
		IsNull() BooleanExpression
		IsNotNull() BooleanExpression
		Like(interface{}) BooleanExpression
		ILike(interface{}) BooleanExpression
		Table(string) IdentifierExpression
		Col(interface{}) IdentifierExpression
		As(interface{}) AliasedExpression
		Asc() OrderedExpression
		Desc() OrderedExpression
	}
	OrderedExpression     interface{ Expression }
	JoinCondition         interface{ Type() int }
	SQLFunctionExpression interface {
		Expression
		As(interface{}) AliasedExpression
	}

	// Ex is a map of column to value, compared with = (IN for a slice, IS
	// for nil, the operator of an Op map).
	Ex map[string]interface{}
	// ExOr is Ex joined with OR.
	ExOr map[string]interface{}
	// Op is an operator and its value: Op{"gt": 5}.
	Op map[string]interface{}
	// Record is a row to insert or the assignments of an update.
	Record map[string]interface{}
	Vals   []interface{}
)

func (e Ex) Clone() Expression        { return e }
func (e Ex) Expression() Expression   { return e }
func (e ExOr) Clone() Expression      { return e }
func (e ExOr) Expression() Expression { return e }

// WaitOption is a locking clause's NOWAIT or SKIP LOCKED.
type WaitOption int

const (
	Wait WaitOption = iota
	NoWait
	SkipLocked
)
