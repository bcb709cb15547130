package idemvettest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	textscanner "text/scanner"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/passes/apis"
)

// This file is analysistest.Run with the dependencies idemvet never
// analyzes loaded as idemvet's standalone driver loads them: the standard
// library and the libraries passes/apis describes (the stand-ins) are
// type-checked without function bodies (Options.NoFacts in
// internal/vetdriver), and the standard library's files are parsed once
// per test process. analysistest parses and type-checks every function of
// the standard library a golden package imports (350 000 lines for one
// importing net/http) on each call: most of the suite's own CPU. The
// expectations are read as analysistest reads them: "// want" comments
// holding regular expressions for diagnostics and name:"re" pairs for
// facts, with an optional +N line offset.

var (
	// fset is shared by every load, so that the standard library's files
	// parsed by one load serve the next (stdFiles: path → *stdFile).
	fset     = token.NewFileSet()
	stdFiles sync.Map
	goroot   = filepath.Join(runtime.GOROOT(), "src") + string(filepath.Separator)
)

type stdFile struct {
	once sync.Once
	f    *ast.File
	err  error
}

// loadMode is analysistest's: everything from source, with the tests.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
	packages.NeedDeps | packages.NeedModule

// load loads patterns from the GOPATH tree gopath.
func load(gopath string, patterns []string) ([]*packages.Package, error) {
	src := filepath.Join(gopath, "src") + string(filepath.Separator)
	cfg := &packages.Config{
		Mode:  loadMode,
		Dir:   gopath,
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off"),
		Fset:  fset,
		ParseFile: func(fset *token.FileSet, filename string, data []byte) (*ast.File, error) {
			if strings.HasPrefix(filename, goroot) {
				sf, _ := stdFiles.LoadOrStore(filename, &stdFile{})
				s := sf.(*stdFile)
				s.once.Do(func() { s.f, s.err = parseStripped(fset, filename, data) })
				return s.f, s.err
			}
			if rel, ok := strings.CutPrefix(filename, src); ok && apis.Described(filepath.ToSlash(filepath.Dir(rel))) {
				return parseStripped(fset, filename, data)
			}
			return parser.ParseFile(fset, filename, data, parser.AllErrors|parser.ParseComments) // as go/packages does
		},
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages matched %s", patterns)
	}
	for _, p := range pkgs {
		if p.Name == "" {
			return nil, fmt.Errorf("failed to load %q: Errors=%v", p.PkgPath, p.Errors)
		}
	}
	dropStrippingErrors(pkgs, func(p *packages.Package) bool { return apis.Library(p.PkgPath) })
	return pkgs, nil
}

// LoadDecls is packages.Load for a test that needs only the packages'
// declarations (passes/apis' tables held to the real libraries): every
// file is parsed without function bodies, a fraction of the work of
// type-checking the libraries' code.
func LoadDecls(cfg *packages.Config, patterns ...string) ([]*packages.Package, error) {
	c := *cfg
	c.ParseFile = parseStripped
	pkgs, err := packages.Load(&c, patterns...)
	if err == nil {
		dropStrippingErrors(pkgs, func(*packages.Package) bool { return true })
	}
	return pkgs, err
}

// dropStrippingErrors drops, from the stripped packages, the errors that
// stripping causes (the only ones a library's files have), then says again
// which packages (or their imports) are ill-typed.
func dropStrippingErrors(pkgs []*packages.Package, stripped func(*packages.Package) bool) {
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if stripped(p) {
			p.Errors = slices.DeleteFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.TypeError && strippingError(e.Msg) })
		}
		p.IllTyped = len(p.Errors) > 0
		for _, imp := range p.Imports {
			p.IllTyped = p.IllTyped || imp.IllTyped
		}
	})
}

// parseStripped parses a file of a package no pass looks inside, without
// comments and without function bodies: the declarations are what its
// importers' type-checking needs.
func parseStripped(fset *token.FileSet, filename string, data []byte) (*ast.File, error) {
	f, err := parser.ParseFile(fset, filename, data, parser.SkipObjectResolution)
	if f != nil {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				fd.Body = nil
			}
		}
	}
	return f, err
}

var strippingErrors = regexp.MustCompile(`imported (as \w+ )?and not used$|missing function body$|must have a body$`)

// strippingError reports a type error that removing function bodies makes
// (an import only bodies used; an init or generic function without one).
func strippingError(msg string) bool { return strippingErrors.MatchString(msg) }

// reporter is what run and checkWants need of a *testing.T.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Log(args ...any)
}

// run is analysistest.Run over the packages load loads.
func run(t reporter, gopath string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	pkgs, err := load(gopath, patterns)
	if err != nil {
		t.Errorf("loading %s: %v", patterns, err)
		return nil
	}
	if !a.RunDespiteErrors {
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				t.Log(e)
			}
		})
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		t.Errorf("Analyze: %v", err)
		return nil
	}
	var results []*analysistest.Result
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("error analyzing %s: %v", act, act.Err)
		} else {
			checkWants(t, gopath, act)
		}
		facts := map[types.Object][]analysis.Fact{}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types {
				facts[f.Object] = append(facts[f.Object], f.Fact)
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == act.Package.Types {
				facts[nil] = append(facts[nil], f.Fact)
			}
		}
		results = append(results, &analysistest.Result{
			Action: act, Diagnostics: act.Diagnostics, Facts: facts, Result: act.Result, Err: act.Err,
		})
	}
	return results
}

// want is one expectation of a "// want" comment: a diagnostic whose
// message matches rx (name ""), or a fact of the object name ("package"
// for the package) whose String matches it.
type want struct {
	name string
	rx   *regexp.Regexp
}

type line struct {
	file string
	line int
}

// checkWants reports the diagnostics and facts of act that no expectation
// of its package's files matches, and the expectations nothing matched.
// Each diagnostic or fact consumes one expectation.
func checkWants(t reporter, gopath string, act *checker.Action) {
	t.Helper()
	rel := func(file string) string {
		if r, err := filepath.Rel(filepath.Join(gopath, "src"), file); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return file
	}
	wants := map[line][]want{}
	for _, f := range act.Package.Syntax {
		for _, g := range f.Comments {
			for _, c := range g.List {
				text, ok := strings.CutPrefix(c.Text, "//")
				if !ok {
					text = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
				}
				if i := strings.Index(text, "// want"); i >= 0 {
					text = text[i+len("// "):] // a comment on a comment
				}
				rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
				if !ok {
					continue
				}
				pos := act.Package.Fset.Position(c.Pos())
				delta, ws, err := parseWants(rest)
				if err != nil {
					t.Errorf("%s:%d: in 'want' comment: %v", rel(pos.Filename), pos.Line, err)
					continue
				}
				k := line{pos.Filename, pos.Line + delta}
				wants[k] = append(wants[k], ws...)
			}
		}
	}
	match := func(pos token.Position, name, kind, msg string) {
		t.Helper()
		k := line{pos.Filename, pos.Line}
		var tried []string
		for i, w := range wants[k] {
			if w.name != name {
				continue
			}
			if w.rx.MatchString(msg) {
				wants[k] = slices.Delete(wants[k], i, i+1)
				return
			}
			tried = append(tried, fmt.Sprintf("%#q", w.rx))
		}
		where := fmt.Sprintf("%s:%d:%d", rel(pos.Filename), pos.Line, pos.Column)
		if tried == nil {
			t.Errorf("%s: unexpected %s: %v", where, kind, msg)
		} else {
			t.Errorf("%s: %s %q does not match pattern %s", where, kind, msg, strings.Join(tried, " or "))
		}
	}
	for _, d := range act.Diagnostics {
		match(act.Package.Fset.Position(d.Pos), "", "diagnostic", d.Message)
	}
	for _, f := range act.AllPackageFacts() {
		if f.Package == act.Package.Types && len(act.Package.Syntax) > 0 {
			pos := act.Package.Fset.Position(act.Package.Syntax[0].Pos())
			pos.Line, pos.Column = 1, 1
			match(pos, "package", "fact", fmt.Sprint(f))
		}
	}
	objFacts := act.AllObjectFacts()
	sort.SliceStable(objFacts, func(i, j int) bool { return objFacts[i].Object.Pos() < objFacts[j].Object.Pos() })
	for _, f := range objFacts {
		if f.Object.Pkg() == act.Package.Types {
			match(act.Package.Fset.Position(f.Object.Pos()), f.Object.Name(), "fact", fmt.Sprint(f.Fact))
		}
	}
	var left []string
	for k, ws := range wants {
		for _, w := range ws {
			kind := "diagnostic"
			if w.name != "" {
				kind = "fact"
			}
			left = append(left, fmt.Sprintf("%s:%d: no %s was reported matching %#q", rel(k.file), k.line, kind, w.rx))
		}
	}
	sort.Strings(left)
	for _, l := range left {
		t.Errorf("%s", l)
	}
}

// parseWants reads what follows "want": an optional +N (the expectations
// are for the line N below), then quoted or back-quoted regular
// expressions, each alone (a diagnostic) or after name: (a fact).
func parseWants(text string) (delta int, ws []want, err error) {
	var s textscanner.Scanner
	s.Init(strings.NewReader(text))
	s.Mode = textscanner.ScanIdents | textscanner.ScanStrings | textscanner.ScanRawStrings | textscanner.ScanInts
	var scanErr error
	s.Error = func(_ *textscanner.Scanner, msg string) { scanErr = fmt.Errorf("%s", msg) }
	regexpOf := func(tok rune) (*regexp.Regexp, error) {
		if tok != textscanner.String && tok != textscanner.RawString {
			return nil, fmt.Errorf("got %s, want regular expression", textscanner.TokenString(tok))
		}
		pat, err := strconv.Unquote(s.TokenText())
		if err != nil {
			return nil, err
		}
		return regexp.Compile(pat)
	}
	for {
		tok := s.Scan()
		if scanErr != nil {
			return 0, nil, scanErr
		}
		switch tok {
		case textscanner.EOF:
			return delta, ws, nil
		case '+':
			if s.Scan() != textscanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +Int", s.TokenText())
			}
			delta, _ = strconv.Atoi(s.TokenText())
		case textscanner.String, textscanner.RawString:
			rx, err := regexpOf(tok)
			if err != nil {
				return 0, nil, err
			}
			ws = append(ws, want{rx: rx})
		case textscanner.Ident:
			name := s.TokenText()
			if s.Scan() != ':' {
				return 0, nil, fmt.Errorf("got %s after %s, want ':'", s.TokenText(), name)
			}
			rx, err := regexpOf(s.Scan())
			if err != nil {
				return 0, nil, err
			}
			ws = append(ws, want{name: name, rx: rx})
		default:
			return 0, nil, fmt.Errorf("unexpected %s", textscanner.TokenString(tok))
		}
	}
}
