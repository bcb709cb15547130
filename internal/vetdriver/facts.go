package vetdriver

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"io"
	"log"
	"reflect"
	"sort"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// This file keeps the facts of one run. It follows x/tools'
// internal/facts, which a module outside x/tools cannot import: a fact set
// is decoded from the direct imports' vetx files, holds the facts of the
// package and of its dependencies, and is encoded with the package's own
// facts plus the imported facts about fields, methods and package-level
// types, which reach a downstream package only through this one.
//
// The vetx file is ours alone: go vet runs the same tool for every package
// of one invocation, and keys its cache by the tool's build ID. It holds
// only facts (types come from the compiler's export data), gob-encoded as
// a sorted []gobFact; an empty file is an empty set.

// factSet implements the fact methods of analysis.Pass for one package.
type factSet struct {
	pkg *types.Package
	mu  sync.Mutex
	m   map[factKey]analysis.Fact
}

type factKey struct {
	pkg *types.Package
	obj types.Object // nil for package facts
	t   reflect.Type
}

// registerFacts registers the fact types with gob before the first
// encoding or decoding of a unit run (set by the run; standalone runs
// keep facts in memory).
var registerFacts = func() {}

// gobFact is one serialized fact.
type gobFact struct {
	PkgPath string          // the package the fact is about, or whose object it is about
	Object  objectpath.Path // the object, relative to its package; empty for package facts
	Fact    analysis.Fact
}

func (s *factSet) importObjectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil {
		panic("nil object")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.m[factKey{obj.Pkg(), obj, reflect.TypeOf(ptr)}]; ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
		return true
	}
	return false
}

func (s *factSet) exportObjectFact(obj types.Object, fact analysis.Fact) {
	if obj.Pkg() != s.pkg {
		log.Panicf("in package %s: ExportObjectFact(%s, %T): can't set fact on object belonging another package", s.pkg, obj, fact)
	}
	s.mu.Lock()
	s.m[factKey{obj.Pkg(), obj, reflect.TypeOf(fact)}] = fact
	s.mu.Unlock()
}

func (s *factSet) allObjectFacts(filter map[reflect.Type]bool) []analysis.ObjectFact {
	var facts []analysis.ObjectFact
	s.mu.Lock()
	for k, v := range s.m {
		if k.obj != nil && filter[k.t] {
			facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: v})
		}
	}
	s.mu.Unlock()
	return facts
}

func (s *factSet) importPackageFact(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		panic("nil package")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.m[factKey{pkg, nil, reflect.TypeOf(ptr)}]; ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
		return true
	}
	return false
}

func (s *factSet) exportPackageFact(fact analysis.Fact) {
	s.mu.Lock()
	s.m[factKey{s.pkg, nil, reflect.TypeOf(fact)}] = fact
	s.mu.Unlock()
}

func (s *factSet) allPackageFacts(filter map[reflect.Type]bool) []analysis.PackageFact {
	var facts []analysis.PackageFact
	s.mu.Lock()
	for k, v := range s.m {
		if k.obj == nil && filter[k.t] {
			facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: v})
		}
	}
	s.mu.Unlock()
	return facts
}

// readFacts decodes the facts of pkg's direct imports. read returns the
// vetx data of an import (nil when it has none); packages maps the path of
// every package the type checker knows to its *types.Package. Facts about
// packages or objects the package cannot reach are dropped.
func readFacts(pkg *types.Package, packages map[string]*types.Package, read func(path string) ([]byte, error)) (*factSet, error) {
	s := &factSet{pkg: pkg, m: map[factKey]analysis.Fact{}}
	for _, imp := range pkg.Imports() {
		facts, err := decodeFacts(imp.Path(), read)
		if err != nil {
			return nil, err
		}
		for _, f := range facts {
			factPkg := packages[f.PkgPath]
			if factPkg == nil {
				continue // a dependency this package does not see
			}
			key := factKey{pkg: factPkg, t: reflect.TypeOf(f.Fact)}
			if f.Object != "" {
				obj, err := objectpath.Object(factPkg, f.Object)
				if err != nil {
					continue // not in the part of the package this one sees
				}
				key.obj = obj
			}
			s.m[key] = f.Fact
		}
	}
	return s, nil
}

func decodeFacts(path string, read func(path string) ([]byte, error)) ([]gobFact, error) {
	data, err := read(path)
	if err != nil {
		return nil, fmt.Errorf("reading facts of %q: %v", path, err)
	}
	if len(data) == 0 {
		return nil, nil
	}
	registerFacts()
	var facts []gobFact
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&facts); err != nil {
		return nil, fmt.Errorf("decoding facts of %q: %v", path, err)
	}
	return facts, nil
}

// encode serializes the package's own facts and the imported facts about
// fields, methods and package-level types (x/tools' rule: facts about
// imported packages and their other package-level objects are read from
// direct imports only).
func (s *factSet) encode() []byte {
	enc := new(objectpath.Encoder)
	var facts []gobFact
	s.mu.Lock()
	for k, fact := range s.m {
		if k.pkg != s.pkg {
			if k.obj == nil {
				continue
			}
			if _, isType := k.obj.(*types.TypeName); !isType && k.obj.Parent() == k.obj.Pkg().Scope() {
				continue
			}
		}
		var path objectpath.Path
		if k.obj != nil {
			p, err := enc.For(k.obj)
			if err != nil {
				continue // not reachable from the package's API
			}
			path = p
		}
		facts = append(facts, gobFact{PkgPath: k.pkg.Path(), Object: path, Fact: fact})
	}
	s.mu.Unlock()
	return encodeFacts(facts)
}

// encodeFacts sorts facts by package, object and type, for deterministic
// output, and gob-encodes them; no facts encode as no bytes.
func encodeFacts(facts []gobFact) []byte {
	if len(facts) == 0 {
		return nil
	}
	sort.Slice(facts, func(i, j int) bool {
		x, y := facts[i], facts[j]
		if x.PkgPath != y.PkgPath {
			return x.PkgPath < y.PkgPath
		}
		if x.Object != y.Object {
			return x.Object < y.Object
		}
		return reflect.TypeOf(x.Fact).String() < reflect.TypeOf(y.Fact).String()
	})
	registerFacts()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(facts); err != nil {
		for _, f := range facts {
			if err := gob.NewEncoder(io.Discard).Encode(f); err != nil {
				log.Panicf("internal error: gob encoding of fact %s (%T) failed: %v", f.Fact, f.Fact, err)
			}
		}
		log.Panicf("internal error: gob encoding of facts failed: %v", err)
	}
	return buf.Bytes()
}

// mergeFacts returns the facts a package with no facts of its own passes
// on from its direct imports: their object facts, not their package facts
// (which are read from direct imports only). Duplicates, a package's facts
// reaching it along two paths, are the same fact and kept once.
func mergeFacts(paths []string, read func(path string) ([]byte, error)) ([]byte, error) {
	type key struct {
		pkg string
		obj objectpath.Path
		t   reflect.Type
	}
	seen := map[key]bool{}
	var out []gobFact
	for _, path := range paths {
		facts, err := decodeFacts(path, read)
		if err != nil {
			return nil, err
		}
		for _, f := range facts {
			k := key{f.PkgPath, f.Object, reflect.TypeOf(f.Fact)}
			if f.Object == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, f)
		}
	}
	return encodeFacts(out), nil
}
