// Package vetdriver runs idemvet's analyzers for cmd/idemvet, in place of
// x/tools' unitchecker (go vet -vettool) and checker (idemvet ./...).
//
// # go vet
//
// go vet starts the tool once per package it vets and once per dependency,
// the standard library included, with a JSON config file (unit.cfg). For a
// dependency the run is fact-only (VetxOnly): it must write the package's
// facts for the runs downstream, and nothing else. x/tools v0.52's
// unitchecker parses and type-checks every such package from source, since
// it takes the types of a package's imports from the vetx files of earlier
// runs (so every run must write its package's types), and it runs every
// analyzer that transitively uses facts, checkers included. Measured on
// real services, a no-op analyzer under unitchecker alone costs 0.66–0.97×
// of default go vet's CPU.
//
// This driver differs in four ways, and in nothing else:
//
//   - Types of imports come from the compiler's export data, which the go
//     command compiles anyway and names in the config's PackageFile (as
//     cmd/vet does). So a vetx file holds only facts, and a run that needs
//     no types need not produce any.
//   - A fact-only run of a package that cannot carry idemvet's facts (the
//     standard library and the libraries passes/apis describes, as
//     Options.NoFacts says) neither parses nor type-checks it: it writes
//     the facts its direct imports pass on and exits.
//   - A fact-only run of a package that no direct import passed a fact
//     to, and that Options.FactFree says cannot produce one from its
//     tokens and the packages it can see (a compression library, a
//     parser), writes an empty vetx file without parsing the package.
//     Other fact-only runs type-check large numeric tables without their
//     elements (elideTables), since no fact depends on what they hold.
//   - A fact-only run executes only the analyzers that declare fact types
//     and their prerequisites, not the checkers that consume them (whose
//     diagnostics a fact-only run discards).
//
// The command line is unitchecker's: analyzer flags (-NAME, -NAME.flag),
// -json, -c; -fix and -diff (go vet -fix, go fix) are handed to
// unitchecker unchanged, for the whole invocation alike. Diagnostics, JSON
// output and exit codes are unitchecker's.
//
// # Standalone
//
// x/tools' checker loads every package of the program from source and
// keeps all of it (syntax, type information, every analyzer's result, SSA
// included) until the end: 0.5–1 GB on a service of a few hundred
// packages. This driver loads only the packages' metadata (go list), then
// type-checks and analyzes one package at a time in dependency order,
// several in parallel, and keeps of each only its types and its facts. A
// dependency that cannot carry facts is type-checked without function
// bodies and analyzed by nobody. Results, JSON output, deduplication of
// diagnostics shared by a package and its test variant, and exit codes
// (1 errors, 3 findings) are the checker's; -cpuprofile and -memprofile
// are handled here, and -debug is accepted (the command prints idemvet's
// notes for it; x/tools' debug letters have no effect); -fix, -diff,
// -trace and -v go to multichecker.
//
// The hidden flag -bench.nonce is inert: it exists so that bench/run can
// give every timed go vet run a fresh cache key.
package vetdriver

import (
	"encoding/gob"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// NonceFlag is the name of the inert flag benchmarks vary to defeat go
// vet's cache. Its dot keeps it out of the core flags of help.
const NonceFlag = "bench.nonce"

const nonceUsage = "inert; benchmarks set it to give go vet runs a fresh cache key"

// Options configure the driver.
type Options struct {
	// NoFacts reports whether no analyzer can attach a fact to the package
	// with the given path or its objects, so that a fact-only run of it
	// need not look at its source. It must be conservative: a package for
	// which it wrongly reports true loses its facts (and its dependents
	// their findings). Nil means no package.
	NoFacts func(path string) bool
	// FactFree reports whether a package none of whose direct imports
	// exported a fact cannot export one either, from what a fact-only
	// run knows before type-checking it; the run then writes an empty
	// vetx file and nothing else. It must be conservative as NoFacts.
	// Nil means no package.
	FactFree func(u *Unit) bool
}

// Main registers the inert -bench.nonce flag on flag.CommandLine, then
// runs and exits when the command line is one this package drives: a go
// vet unit run (its last argument names a .cfg file), or a standalone run
// (flags, then package patterns). Otherwise it returns, and the caller
// proceeds to multichecker.Main, which prints -flags, -V=full, usage and
// help, reports bad flags, and runs standalone with -fix, -diff and its
// debugging flags (-debug, -cpuprofile, -memprofile, -trace, -v).
//
// Flags the command registered on flag.CommandLine before calling Main
// keep their meaning in both kinds of run.
func Main(opts Options, analyzers ...*analysis.Analyzer) {
	flag.String(NonceFlag, "", nonceUsage)
	args := os.Args[1:]
	if len(args) == 0 {
		return
	}
	unitRun := strings.HasSuffix(args[len(args)-1], ".cfg")
	if !unitRun {
		// The go command that loads packages (the driver's, or
		// multichecker's for -fix) must not download a toolchain a
		// go.mod asks for: idemvet never reaches the network.
		os.Setenv("GOTOOLCHAIN", "local")
	}
	for _, arg := range args {
		if !strings.HasPrefix(arg, "-") {
			if arg == "help" {
				return
			}
			break
		}
		switch name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "="); name {
		case "flags":
			// go vet asks which flags to pass on. multichecker's list
			// leaves out the debugging flags (unitchecker has none);
			// this driver's unit runs take them.
			fs, _ := newFlagSet(filepath.Base(os.Args[0]), analyzers)
			printFlags(fs)
			os.Exit(0)
		case "V", "help", "h":
			return // the protocol's other requests, and usage: multichecker's
		case "fix", "diff":
			if unitRun {
				// Applying fixes needs x/tools' internal fix machinery; go
				// vet passes -fix to every run of the invocation, so all of
				// them use unitchecker's vetx format consistently.
				unitchecker.Main(analyzers...)
				panic("unreachable")
			}
			return
		case "trace", "v":
			if !unitRun {
				return
			}
		}
	}
	if unitRun && !gcCompiled(args[len(args)-1]) {
		// Export data this driver can read comes from gc; under gccgo,
		// every run of the invocation goes to unitchecker alike.
		unitchecker.Main(analyzers...)
		panic("unreachable")
	}
	progname := filepath.Base(os.Args[0])
	log.SetFlags(0)
	log.SetPrefix(progname + ": ")
	if err := analysis.Validate(analyzers); err != nil {
		log.Fatal(err)
	}
	fs, flags := newFlagSet(progname, analyzers)
	if unitRun {
		os.Exit(unit(opts, fs, flags, analyzers, args))
	}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return // multichecker reports the error, or prints usage
	}
	if os.Getenv("GOGC") == "" {
		thriftyGC()
	}
	stop := profile(flags.cpuprofile, flags.memprofile)
	code := standalone(opts, flags.enabled(), fs.Args(), flags.tests, output{json: flags.json, context: flags.context})
	stop()
	os.Exit(code)
}

// profile starts the CPU profile and returns a function that stops it and
// writes the heap profile, as x/tools' checker does for these flags.
func profile(cpu, mem string) (stop func()) {
	if cpu != "" {
		f, err := os.Create(cpu)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
	}
	return func() {
		if cpu != "" {
			pprof.StopCPUProfile()
		}
		if mem != "" {
			f, err := os.Create(mem)
			if err != nil {
				log.Fatal(err)
			}
			runtime.GC()
			if err := pprof.WriteHeapProfile(f); err != nil {
				log.Fatal(err)
			}
			f.Close()
		}
	}
}

// gcCompiled reports whether the unit's config names the gc compiler (or
// none, or cannot be read: the run then reports the error itself).
func gcCompiled(configFile string) bool {
	cfg, err := decodeConfig(configFile)
	return err != nil || cfg.Compiler == "" || cfg.Compiler == "gc"
}

// unit parses the flags of a unit run and runs it; it returns the exit
// code.
func unit(opts Options, fs *flag.FlagSet, flags *flagValues, analyzers []*analysis.Analyzer, args []string) int {
	if os.Getenv("GOGC") == "" {
		lazyGC()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || !strings.HasSuffix(fs.Arg(0), ".cfg") {
		log.Printf(`invoking "go tool %[1]s" directly is unsupported; use "go %[1]s"`, fs.Name())
		return 1
	}
	// Register every fact type, of disabled analyzers too, so that any
	// vetx file decodes; on first use, since most runs (the standard
	// library's) decode and encode no fact.
	registerFacts = sync.OnceFunc(func() {
		for a := range closure(analyzers) {
			for _, f := range a.FactTypes {
				gob.Register(f)
			}
		}
	})
	// -cpuprofile and -memprofile profile this run alone. go vet passes
	// them to every run of the invocation: a file is overwritten by each
	// run (run a saved config by hand), while a directory gets one
	// profile per run, named by the unit, for go tool pprof to merge.
	cpu, mem := unitProfile(flags.cpuprofile, "cpu", fs.Arg(0)), unitProfile(flags.memprofile, "mem", fs.Arg(0))
	stop := profile(cpu, mem)
	defer stop()
	return runUnit(fs.Arg(0), flags.enabled(), opts, output{json: flags.json, context: flags.context})
}

// printFlags prints, as JSON, the flags go vet may pass to a unit run: the
// driver's (fs) and multichecker's -V, -flags and -diff; -fix is left out,
// as x/tools leaves it out.
func printFlags(fs *flag.FlagSet) {
	type jsonFlag struct {
		Name  string
		Bool  bool
		Usage string
	}
	flags := []jsonFlag{
		{"V", true, "print version and exit"},
		{"diff", true, "with -fix, don't update the files, but print a unified diff"},
		{"flags", true, "print analyzer flags in JSON"},
	}
	fs.VisitAll(func(f *flag.Flag) {
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		flags = append(flags, jsonFlag{f.Name, ok && b.IsBoolFlag(), f.Usage})
	})
	sort.Slice(flags, func(i, j int) bool { return flags[i].Name < flags[j].Name })
	data, err := json.MarshalIndent(flags, "", "\t")
	if err != nil {
		log.Fatal(err)
	}
	os.Stdout.Write(data)
}

// unitProfile returns where a unit run writes its profile of the kind
// ("cpu" or "mem") when the flag's value is path: path itself, or, when
// path is a directory, a new file in it named by the unit's import path
// (and ".facts" for a fact-only run), so that every run of a go vet
// invocation keeps its own.
func unitProfile(path, kind, configFile string) string {
	if path == "" {
		return ""
	}
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		return path
	}
	name := "unit"
	if cfg, err := readConfig(configFile); err == nil {
		name = strings.Map(func(r rune) rune {
			if r == '/' || r == ' ' || r == '[' || r == ']' || r == os.PathSeparator {
				return '_'
			}
			return r
		}, cfg.ID)
		if cfg.VetxOnly {
			name += ".facts"
		}
	}
	f, err := os.CreateTemp(path, name+"."+kind+"-*.pprof")
	if err != nil {
		log.Fatal(err)
	}
	f.Close()
	return f.Name()
}

// lazyGC makes the collector lazy while the heap is small. A unit run lives
// for milliseconds to a second and its heap is mostly live syntax, types
// and SSA: collecting it as often as GOGC=100 does costs a quarter of the
// CPU of a typical package's run (measured on bench/gen's packages). Once
// the live heap passes 64 MiB (a package with huge tables, such as a
// compression library's), the default comes back, so that the largest
// runs do not grow their peak memory four-fold.
func lazyGC() { gcSteps(gcStep{0, 400}, gcStep{64 << 20, 100}) }

// thriftyGC makes the collector of a standalone run eager once its live
// heap is large. A standalone run keeps the types and facts of every
// package it has analyzed, so its live heap grows through the run (to 400
// MiB on a 270k-line service), and at GOGC=100 the heap it holds is twice
// that: with GOGC=50 past 256 MiB, its peak memory stays within
// staticcheck's on the same code.
func thriftyGC() { gcSteps(gcStep{0, 100}, gcStep{256 << 20, 50}) }

// A gcStep is a GOGC percent for live heaps from above bytes.
type gcStep struct {
	above   uint64
	percent int
}

// gcSteps sets the collector's percent to the first step's and moves to
// the next step's after the first collection whose live heap passes its
// bound.
func gcSteps(steps ...gcStep) {
	debug.SetGCPercent(steps[0].percent)
	steps = steps[1:]
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		runtime.SetFinalizer(new([16]byte), func(*[16]byte) {
			metrics.Read(sample)
			for len(steps) > 0 && sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > steps[0].above {
				debug.SetGCPercent(steps[0].percent)
				steps = steps[1:]
			}
			if len(steps) > 0 {
				arm() // after the next collection
			}
		})
	}
	arm()
}

// flagValues are the driver's own flags.
type flagValues struct {
	json    bool
	context int
	tests   bool
	// debug is accepted for x/tools' -debug (the command reads it, for
	// its notes); cpuprofile and memprofile name profiles to write.
	debug, cpuprofile, memprofile string
	enabled                       func() []*analysis.Analyzer // the analyzers the -NAME flags select
}

// newFlagSet returns the flags of the driver's runs, as x/tools' drivers
// declare them (plus the flags the command registered on
// flag.CommandLine).
func newFlagSet(progname string, analyzers []*analysis.Analyzer) (*flag.FlagSet, *flagValues) {
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	enable := map[*analysis.Analyzer]*triState{}
	for _, a := range analyzers {
		ts := new(triState)
		enable[a] = ts
		fs.Var(ts, a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	// Flags the command itself registered (lifted analyzer options, the
	// nonce) keep their meaning.
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) == nil {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
	v := &flagValues{}
	fs.BoolVar(&v.json, "json", false, "emit JSON output")
	fs.IntVar(&v.context, "c", -1, "display offending line with this many lines of context")
	fs.BoolVar(&v.tests, "test", true, "indicates whether test files should be analyzed, too")
	if fs.Lookup("debug") == nil {
		fs.StringVar(&v.debug, "debug", "", "print notes on what the analysis gave up on; x/tools' letters (fpstv) have no effect here")
	}
	fs.StringVar(&v.cpuprofile, "cpuprofile", "", "write CPU profile to this file (under go vet, a directory gets one profile per package run)")
	fs.StringVar(&v.memprofile, "memprofile", "", "write memory profile to this file (under go vet, a directory gets one profile per package run)")
	// Accepted for compatibility, without effect: legacy vet flags.
	for _, name := range []string{"source", "all"} {
		if fs.Lookup(name) == nil {
			fs.Bool(name, false, "no effect (deprecated)")
		}
	}
	if fs.Lookup("tags") == nil {
		fs.String("tags", "", "no effect (deprecated)")
	}
	if fs.Lookup("v") == nil {
		fs.Bool("v", false, "no effect (deprecated)") // unit runs only: standalone -v is multichecker's
	}
	v.enabled = func() []*analysis.Analyzer {
		var hasTrue, hasFalse bool
		for _, ts := range enable {
			hasTrue = hasTrue || *ts == setTrue
			hasFalse = hasFalse || *ts == setFalse
		}
		var keep []*analysis.Analyzer
		for _, a := range analyzers {
			switch {
			case hasTrue && *enable[a] != setTrue:
			case !hasTrue && hasFalse && *enable[a] == setFalse:
			default:
				keep = append(keep, a)
			}
		}
		return keep
	}
	return fs, v
}

// closure returns the analyzers and everything they require.
func closure(analyzers []*analysis.Analyzer) map[*analysis.Analyzer]bool {
	seen := map[*analysis.Analyzer]bool{}
	var visit func([]*analysis.Analyzer)
	visit = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if !seen[a] {
				seen[a] = true
				visit(a.Requires)
			}
		}
	}
	visit(analyzers)
	return seen
}

// triState is a boolean flag that knows whether it was set, as the -NAME
// flags of x/tools' drivers.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) Get() any { return *ts == setTrue }

func (ts *triState) Set(value string) error {
	b, err := strconv.ParseBool(value)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	if b {
		*ts = setTrue
	} else {
		*ts = setFalse
	}
	return nil
}

func (ts *triState) String() string {
	if *ts == setFalse {
		return "false"
	}
	return "true"
}

func (ts *triState) IsBoolFlag() bool { return true }
