package entry

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/idemvet/idemvet/passes/apis"
)

// TestFacts checks that facts survive the gob encoding of the go vet
// protocol, encode deterministically and stay small.
func TestFacts(t *testing.T) {
	facts := []any{&spawnFact{Params: []spawnParam{{Index: 0, Kind: apis.EntryGoroutine, Lib: "go"}, {Index: 2, Kind: apis.EntrySchedule, Lib: "cron"}}}, &registryFact{Kind: apis.EntryJob, Lib: "temporal"}, &opensFact{Opener: "database/sql.Open"}}
	for _, fact := range facts {
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
		if n := a.Len(); n > 4<<10 {
			t.Errorf("%T encodes to %d bytes, over 4 KiB", fact, n)
		}
	}
}
