package dbcall

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// sample is a summary as large as the model makes them.
func sample() *summaryFact {
	f := &summaryFact{
		Ctor:           []ctorField{{Result: 0, Path: ".db", Param: 0}},
		UniqueParams:   []int{0},
		NotFoundParams: []predicate{{Param: 0, Sentinels: []string{"database/sql.ErrNoRows"}}},
		Wrapper:        &wrapperFact{Lib: apis.LibSQL, Op: apis.OpQueryRow, SQL: 2, Args: 3, Variadic: true, Dest: -1, Handle: paramRef{Param: 0, Path: ".db"}},
	}
	for i := 0; i < maxSummaryAccesses; i++ {
		f.Accesses = append(f.Accesses, accessFact{
			Kind: KindUpdate, Lib: apis.LibPgx, Table: "documents", SQL: "UPDATE documents SET title = $1, version = version + 1 WHERE id = $2 AND version = $3",
			Origin: "store.go:41", Callees: []string{"store.Docs.Save", "db.Queries.UpdateDocument"},
			Where: []bindingFact{{Column: "id", Op: "=", Arg: paramRef{Param: 2, Path: ".ID"}}, {Column: "version", Op: "=", Arg: paramRef{Param: 2, Path: ".Version"}}},
			Set:   []bindingFact{{Column: "title", Op: "=", Class: sqltext.AssignParam, Arg: paramRef{Param: 2, Path: ".Title"}}, {Column: "version", Class: sqltext.AssignAtomic, Arg: paramRef{Param: -1}}},
			Reads: []readFact{{Column: "id", Result: 0, Param: -1, Path: ".ID"}},
			Lock:  sqltext.LockUpdate, Conflict: sqltext.ConflictDoNothing, ConflictTarget: []string{"id"}, Advisory: []string{"pg_advisory_xact_lock"},
			Handle: paramRef{Param: 0, Path: ".db"}, Found: signalFact{Signal: SignalErr, Result: 1, Sentinels: []string{"database/sql.ErrNoRows"}, NilResult: 0},
			ErrResult: 1, RowsResult: -1, ResultObj: -1, Command: ":execrows",
		})
	}
	return f
}

// TestFacts checks what modular analysis relies on: summaries survive the
// gob encoding the go vet protocol uses, encode deterministically (go
// vet's cache keys depend on it), and stay small.
func TestFacts(t *testing.T) {
	for _, fact := range []any{sample(), &tableFact{Name: "shop_orders"}} {
		var a, b bytes.Buffer
		if err := gob.NewEncoder(&a).Encode(fact); err != nil {
			t.Fatalf("encode %T: %v", fact, err)
		}
		if err := gob.NewEncoder(&b).Encode(fact); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%T encodes differently twice", fact)
		}
		back := reflect.New(reflect.TypeOf(fact).Elem()).Interface()
		if err := gob.NewDecoder(bytes.NewReader(a.Bytes())).Decode(back); err != nil {
			t.Fatalf("decode %T: %v", fact, err)
		}
		if !reflect.DeepEqual(fact, back) {
			t.Errorf("%T does not round-trip:\n%+v\n%+v", fact, fact, back)
		}
		if n := a.Len(); n > 64<<10 {
			t.Errorf("%T of the largest shape encodes to %d bytes, over 64 KiB", fact, n)
		}
	}
}
