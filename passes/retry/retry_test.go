package retry_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/internal/ssabuild"
	"github.com/idemvet/idemvet/passes/retry"
)

// TestFacts pins the facts of retry helpers, functions running their
// argument, and retrying clients returned or held in fields.
func TestFacts(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), retry.Analyzer, "helpers", "example.com/clientfacts/httpx")
}

// show reports each region at its construct, with the callees it repeats,
// and each call whose receiver is a retrying client.
var show = &analysis.Analyzer{
	Name:     "showretry",
	Doc:      "report the retry regions and retrying clients (test only)",
	Requires: []*analysis.Analyzer{retry.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retry.Analyzer].(*retry.Result)
		for _, r := range res.Regions() {
			if r.Kind != retry.KindLoop {
				continue
			}
			names := map[string]bool{}
			for _, b := range r.Fn.Blocks {
				for _, instr := range b.Instrs {
					if c, ok := instr.(*ssa.Call); ok && r.Repeats(c) {
						if callee := c.Call.StaticCallee(); callee != nil {
							names[callee.Name()] = true
						}
					}
				}
			}
			var list []string
			for n := range names {
				list = append(list, n)
			}
			sort.Strings(list)
			msg := fmt.Sprintf("region %s repeats %s", r.Construct, strings.Join(list, ", "))
			if r.RateLimitOnly {
				msg += " (429 only)"
			}
			pass.Reportf(r.Pos, "%s", msg)
		}
		return nil, nil
	},
}

// showClients reports the calls whose receiver is a retrying client.
var showClients = &analysis.Analyzer{
	Name:     "showclients",
	Doc:      "report sends through retrying clients (test only)",
	Requires: []*analysis.Analyzer{retry.Analyzer, ssabuild.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retry.Analyzer].(*retry.Result)
		_, fns := pass.ResultOf[ssabuild.Analyzer].(*ssabuild.Lazy).Get()
		for _, fn := range fns {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					c, ok := instr.(*ssa.Call)
					if !ok || c.Call.StaticCallee() == nil || c.Call.StaticCallee().Signature.Recv() == nil {
						continue
					}
					if cl := res.Client(c.Call.Args[0]); cl != nil {
						pass.Reportf(c.Pos(), "client retries %d times", cl.Retries)
					}
				}
			}
		}
		return nil, nil
	},
}

// TestRegions pins which loops are retries and which calls they repeat.
func TestRegions(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), show, "loopshapes")
}

// TestClients pins the retrying clients seen through constructors and
// fields of another package.
func TestClients(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), showClients, "example.com/clientfacts/use")
}

// TestFactEncoding checks that the facts round-trip through gob and
// encode deterministically.
func TestFactEncoding(t *testing.T) {
	for _, f := range retry.Analyzer.FactTypes {
		v := reflect.New(reflect.TypeOf(f).Elem())
		fill(v.Elem())
		var a, b bytes.Buffer
		if err := gob.NewEncoder(&a).Encode(v.Interface()); err != nil {
			t.Fatalf("%T: %v", f, err)
		}
		if err := gob.NewEncoder(&b).Encode(v.Interface()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%T: encoding is not deterministic", f)
		}
		out := reflect.New(reflect.TypeOf(f).Elem())
		if err := gob.NewDecoder(&a).Decode(out.Interface()); err != nil {
			t.Fatalf("%T: %v", f, err)
		}
		if !reflect.DeepEqual(v.Interface(), out.Interface()) {
			t.Errorf("%T: round trip changed the fact: %v != %v", f, v.Interface(), out.Interface())
		}
		if b.Len() > 1024 {
			t.Errorf("%T: %d bytes encoded, want small facts", f, b.Len())
		}
	}
}

// fill sets every field of a struct to a non-zero value.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i))
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i))
		}
		v.Set(s)
	case reflect.String:
		v.SetString("x")
	case reflect.Int, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint8:
		v.SetUint(1)
	case reflect.Bool:
		v.SetBool(true)
	}
}
