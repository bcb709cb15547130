package vetdriver

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"log"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// result is the outcome of one root analyzer.
type result struct {
	a           *analysis.Analyzer
	diagnostics []analysis.Diagnostic
	err         error
	// prereqErrs are the errors of the analyzer's prerequisites, in the
	// order x/tools' checker prints them (each once per package).
	prereqErrs []result
}

// runUnit runs the analyzers on the package the config file describes and
// returns the exit code.
func runUnit(configFile string, analyzers []*analysis.Analyzer, opts Options, out output) int {
	cfg, err := readConfig(configFile)
	if err != nil {
		log.Print(err)
		return 1
	}
	if cfg.Stdout != "" {
		f, err := os.Create(cfg.Stdout)
		if err != nil {
			log.Print(err)
			return 1
		}
		defer f.Close()
		os.Stdout = f
	}

	roots := analyzers
	if cfg.VetxOnly {
		// Only facts outlive a fact-only run: run the analyzers that
		// declare fact types, and what they require.
		roots = nil
		for a := range closure(analyzers) {
			if len(a.FactTypes) > 0 {
				roots = append(roots, a)
			}
		}
		sort.Slice(roots, func(i, j int) bool { return roots[i].Name < roots[j].Name })
		if len(roots) == 0 || opts.NoFacts != nil && opts.NoFacts(cfg.ImportPath) {
			// No analyzer can say anything about this package: pass the
			// facts of its imports on without looking at it.
			if err := writeMergedVetx(cfg); err != nil {
				log.Print(err)
				return 1
			}
			return 0
		}
	}

	fset := token.NewFileSet()
	imp := newImporter(fset, cfg)
	var srcs map[string][]byte
	if cfg.VetxOnly && opts.FactFree != nil {
		var free bool
		if free, srcs = factFree(cfg, opts.FactFree, imp); free {
			// Neither the package nor its imports have facts to pass on.
			if cfg.VetxOutput != "" {
				if err := os.WriteFile(cfg.VetxOutput, nil, 0o666); err != nil {
					log.Print(err)
					return 1
				}
			}
			return 0
		}
	}
	results, err := analyze(fset, cfg, roots, imp, srcs)
	if err != nil {
		if cfg.VetxOnly {
			return 1
		}
		switch err := err.(type) {
		case types.Error, *scanner.Error, scanner.ErrorList:
			fmt.Fprintln(os.Stderr, err)
		default:
			log.Print(err)
		}
		return 1
	}
	if cfg.VetxOnly {
		return 0
	}
	return out.print(fset, cfg.ID, results)
}

func readConfig(filename string) (*unitchecker.Config, error) {
	cfg, err := decodeConfig(filename)
	if err != nil {
		return nil, err
	}
	if len(cfg.GoFiles) == 0 {
		// The go command does not vet packages without Go files.
		return nil, fmt.Errorf("package has no files: %s", cfg.ImportPath)
	}
	return cfg, nil
}

// decodeConfig returns the decoded config file. A unit run asks for it
// more than once (the compiler, the profile's name, the run): the file is
// read and decoded once per process.
func decodeConfig(filename string) (*unitchecker.Config, error) {
	configs.Lock()
	defer configs.Unlock()
	if c, ok := configs.m[filename]; ok {
		return c.cfg, c.err
	}
	cfg, err := func() (*unitchecker.Config, error) {
		data, err := os.ReadFile(filename)
		if err != nil {
			return nil, err
		}
		cfg := new(unitchecker.Config)
		if err := json.Unmarshal(data, cfg); err != nil {
			return nil, fmt.Errorf("cannot decode JSON config file %s: %v", filename, err)
		}
		return cfg, nil
	}()
	if configs.m == nil {
		configs.m = map[string]decodedConfig{}
	}
	configs.m[filename] = decodedConfig{cfg, err}
	return cfg, err
}

type decodedConfig struct {
	cfg *unitchecker.Config
	err error
}

var configs struct {
	sync.Mutex
	m map[string]decodedConfig
}

// readVetx returns the vetx data of a direct import, or nil when the go
// command named none (unsafe, or a dependency whose vet run failed).
func readVetx(cfg *unitchecker.Config) func(path string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		file, ok := cfg.PackageVetx[path]
		if !ok {
			return nil, nil
		}
		return os.ReadFile(file)
	}
}

func writeMergedVetx(cfg *unitchecker.Config) error {
	if cfg.VetxOutput == "" {
		return nil
	}
	paths := make([]string, 0, len(cfg.PackageVetx))
	for path := range cfg.PackageVetx {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	data, err := mergeFacts(paths, readVetx(cfg))
	if err != nil {
		return err
	}
	return os.WriteFile(cfg.VetxOutput, data, 0o666)
}

// analyze parses and type-checks the package, runs the analyzers and
// writes the vetx file.
// imp is the importer of the run and srcs holds the contents of the Go
// files already read (both shared with factFree).
func analyze(fset *token.FileSet, cfg *unitchecker.Config, roots []*analysis.Analyzer, imp *importer, srcs map[string][]byte) ([]result, error) {
	var files []*ast.File
	for _, name := range cfg.GoFiles {
		var src any
		if data, ok := srcs[name]; ok {
			src = data
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	if cfg.VetxOnly {
		elideTables(files)
	}

	tc := &types.Config{
		Importer:  imp,
		Sizes:     types.SizesFor("gc", build.Default.GOARCH),
		GoVersion: cfg.GoVersion,
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	pkg, err := tc.Check(cfg.ImportPath, fset, files, info)
	if err != nil {
		return nil, err
	}

	facts, err := readFacts(pkg, imp.packages, readVetx(cfg))
	if err != nil {
		return nil, err
	}

	module := moduleOf(cfg)
	env := &passEnv{
		fset:         fset,
		files:        files,
		otherFiles:   cfg.NonGoFiles,
		ignoredFiles: cfg.IgnoredFiles,
		pkg:          pkg,
		info:         info,
		sizes:        tc.Sizes,
		module:       module,
		facts:        facts,
	}
	results := env.run(roots)
	if cfg.VetxOutput != "" {
		var data []byte
		if !unimportable(cfg, pkg) {
			data = facts.encode()
		}
		if err := os.WriteFile(cfg.VetxOutput, data, 0o666); err != nil {
			return nil, fmt.Errorf("writing facts: %v", err)
		}
	}
	return results, nil
}

// unimportable reports whether no unit of the invocation can import the
// package, so that its facts need not be written: a main package other
// than its test variant (an external test imports "p [p.test]", the one
// compiled for it). A command's facts are those of everything it imports
// (on the synthetic module, 1 MB to encode for nobody).
func unimportable(cfg *unitchecker.Config, pkg *types.Package) bool {
	return pkg.Name() == "main" && !strings.Contains(cfg.ID, " [")
}

// readable enforces the access policy of analysis.Pass.ReadFile.
func readable(pass *analysis.Pass, filename string) bool {
	if slices.Contains(pass.OtherFiles, filename) || slices.Contains(pass.IgnoredFiles, filename) {
		return true
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == filename {
			return true
		}
	}
	return false
}

// resolveURL resolves a diagnostic's URL against its analyzer's, as x/tools'
// drivers do: a bare Category becomes a fragment.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

// validateFixes checks a diagnostic's suggested fixes as x/tools' drivers
// do, and sorts each fix's edits by position: distinct messages, edits
// within one file, none overlapping.
func validateFixes(fset *token.FileSet, a *analysis.Analyzer, fixes []analysis.SuggestedFix) error {
	seen := map[string]bool{}
	for i := range fixes {
		fix := &fixes[i]
		if seen[fix.Message] {
			return fmt.Errorf("analyzer %q suggests two fixes with same Message (%s)", a.Name, fix.Message)
		}
		seen[fix.Message] = true
		slices.SortStableFunc(fix.TextEdits, func(x, y analysis.TextEdit) int {
			if x.Pos != y.Pos {
				return int(x.Pos - y.Pos)
			}
			return int(x.End - y.End)
		})
		var prevEnd token.Pos
		for j := range fix.TextEdits {
			e := &fix.TextEdits[j]
			file := fset.File(e.Pos)
			if file == nil {
				return fmt.Errorf("analyzer %q suggests invalid fix (%s): no token.File for TextEdit.Pos (%v)", a.Name, fix.Message, e.Pos)
			}
			if !e.End.IsValid() {
				e.End = e.Pos
			}
			if e.End < e.Pos {
				return fmt.Errorf("analyzer %q suggests invalid fix (%s): TextEdit.Pos (%v) > TextEdit.End (%v)", a.Name, fix.Message, e.Pos, e.End)
			}
			if fileEnd := token.Pos(file.Base() + file.Size()); e.End > fileEnd {
				e.End = fileEnd // x/tools' workaround for ends computed just past EOF
			}
			if j > 0 && e.Pos < prevEnd {
				return fmt.Errorf("analyzer %q suggests invalid fix (%s): overlapping edits", a.Name, fix.Message)
			}
			prevEnd = e.End
		}
	}
	return nil
}
