package netcall_test

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

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/netcall"
)

// TestFacts pins the facts: what functions send, the requests they
// return, the headers they set on a request they are given, the fresh
// values they return, and interface methods through their
// implementations.
func TestFacts(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), netcall.Analyzer, "example.com/provider")
}

// show reports each network call with its witness chain and requests.
var show = &analysis.Analyzer{
	Name:     "shownet",
	Doc:      "report the network calls (test only)",
	Requires: []*analysis.Analyzer{netcall.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[netcall.Analyzer].(*netcall.Result)
		for _, fi := range res.Funcs {
			for _, c := range fi.Calls {
				msg := c.Kind.String() + " " + c.Witness()
				for _, q := range c.Requests {
					msg += " [" + describe(q) + "]"
				}
				pass.Reportf(c.Instr.Pos(), "%s", msg)
			}
		}
		return nil, nil
	},
}

func describe(q *netcall.Request) string {
	parts := []string{q.Method + " " + q.URL}
	var hs []string
	for _, h := range q.Headers {
		var v []string
		if len(h.Value.Consts) > 0 {
			v = append(v, "const")
		}
		for _, f := range h.Value.Fresh {
			v = append(v, "fresh("+f.Name+")")
		}
		if h.Value.Other {
			v = append(v, "other")
		}
		if h.Value.Empty() {
			continue
		}
		hs = append(hs, h.Name+"="+strings.Join(v, "|"))
	}
	sort.Strings(hs)
	return strings.Join(append(parts, hs...), " ")
}

// TestCalls pins the calls, chains and requests of the Result.
func TestCalls(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), show, "example.com/caller", "direct", "example.com/triggers")
}

// TestFactEncoding checks that facts round-trip through gob, encode
// deterministically and stay small.
func TestFactEncoding(t *testing.T) {
	for _, f := range netcall.Analyzer.FactTypes {
		v := reflect.New(reflect.TypeOf(f).Elem())
		fill(v.Elem(), 0)
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
		if fmt.Sprint(v.Interface()) != fmt.Sprint(out.Interface()) {
			t.Errorf("%T: round trip changed the fact:\n%v\n%v", f, v.Interface(), out.Interface())
		}
		if b.Len() > 8<<10 {
			t.Errorf("%T: %d bytes encoded, want small facts", f, b.Len())
		}
	}
}

func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).CanSet() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Slice:
		if depth > 4 {
			return
		}
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i), depth+1)
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
