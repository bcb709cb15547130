// Command run measures idemvet side by side with go vet, a no-op floor and
// staticcheck, on the modules named by its arguments:
//
//	go run ./bench/run [-runs 3] [-md] [-without redelivery,cronlease] DIR...
//
// It must run in the idemvet repository (it builds cmd/idemvet and the
// tools under bench/). For each module directory it times, interleaved
// round by round, and reports the median CPU seconds (user+sys of the
// whole process tree), wall time and peak resident memory (of the largest
// single process, from wait4's rusage):
//
//	go vet                            default go vet (cmd/vet)
//	go vet -vettool=noop              x/tools' stock driver with an analyzer that does nothing: the floor
//	go vet -vettool=stock             idemvet's analyzers under x/tools' stock driver (bench/stock): before
//	go vet -vettool=idemvet           cmd/idemvet, whose own driver (internal/vetdriver) handles go vet's runs
//	noop ./...                        standalone no-op without facts: only the root packages from source
//	noop-fact ./...                   standalone no-op whose analyzer declares a fact: every package from source (the standalone floor)
//	stock ./...                       idemvet's analyzers under x/tools' checker (multichecker): before
//	idemvet ./...                     standalone idemvet (internal/vetdriver)
//	staticcheck ./...                 staticcheck v0.8.2, installed into a temporary GOBIN, with a fresh cache
//
// With -without redelivery,cronlease it also times go vet -vettool=idemvet
// and idemvet ./... with -redelivery=false -cronlease=false, and prints
// the ratio: what those analyzers (and the passes only they require, the
// effect summaries) cost on the module.
//
// go vet caches its per-package results, keyed among other things by the
// flags it passes to the tool. Every timed go vet run gets a fresh key: the
// tools under test accept an inert -bench.nonce flag, and default go vet
// gets -printf.funcs=idemvetbench.nonceN, which names no function. The
// build cache (compiler export data) stays warm, as in daily use: a warm-up
// go vet run compiles what every configuration needs before timing starts.
//
// The ratios the README records are printed at the end of each module.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

var (
	runs        = flag.Int("runs", 3, "timed runs of each configuration (the median is reported)")
	only        = flag.String("only", "", "comma-separated configurations to run (default all): "+strings.Join(configNames(), ","))
	staticcheck = flag.String("staticcheck", "", "staticcheck binary to use instead of installing v0.8.2")
	markdown    = flag.Bool("md", false, "also print each module's figures as a Markdown table row")
	keep        = flag.Bool("keep", false, "keep the temporary directory (binaries, outputs)")
	without     = flag.String("without", "", "comma-separated analyzers (redelivery,cronlease): also time go vet -vettool=idemvet and idemvet ./... with -NAME=false for each, the cost of those analyzers")
)

// config is one measured command line.
type config struct {
	key, name string
	// vet reports a go vet configuration (findings counted from its
	// stderr).
	vet  bool
	args func(t *tools, nonce string) (bin string, args []string, env []string)
}

type tools struct {
	tmp                                      string
	idemvet, stock, noop, noopFact, staticch string
}

var configs = []config{
	{"vet", "go vet", true, func(t *tools, n string) (string, []string, []string) {
		return "go", []string{"vet", "-printf.funcs=idemvetbench.nonce" + n, "./..."}, nil
	}},
	{"vet-noop", "go vet -vettool=noop", true, func(t *tools, n string) (string, []string, []string) {
		return "go", []string{"vet", "-vettool=" + t.noop, "-bench.nonce=" + n, "./..."}, nil
	}},
	{"vet-stock", "go vet -vettool=stock", true, func(t *tools, n string) (string, []string, []string) {
		return "go", []string{"vet", "-vettool=" + t.stock, "-bench.nonce=" + n, "./..."}, nil
	}},
	{"vet-idemvet", "go vet -vettool=idemvet", true, func(t *tools, n string) (string, []string, []string) {
		return "go", []string{"vet", "-vettool=" + t.idemvet, "-bench.nonce=" + n, "./..."}, nil
	}},
	{"noop", "noop ./...", false, func(t *tools, n string) (string, []string, []string) {
		return t.noop, []string{"./..."}, nil
	}},
	{"noop-fact", "noop-fact ./...", false, func(t *tools, n string) (string, []string, []string) {
		return t.noopFact, []string{"./..."}, nil
	}},
	{"stock", "stock ./...", false, func(t *tools, n string) (string, []string, []string) {
		return t.stock, []string{"./..."}, nil
	}},
	{"idemvet", "idemvet ./...", false, func(t *tools, n string) (string, []string, []string) {
		return t.idemvet, []string{"./..."}, nil
	}},
	{"staticcheck", "staticcheck ./...", false, func(t *tools, n string) (string, []string, []string) {
		cache := filepath.Join(t.tmp, "staticcheck-cache-"+n)
		return t.staticch, []string{"./..."}, []string{"STATICCHECK_CACHE=" + cache}
	}},
}

// addWithout adds the configurations of -without: idemvet under go vet
// and standalone with the named analyzers turned off.
func addWithout(names string) {
	if names == "" {
		return
	}
	var off []string
	for _, n := range strings.Split(names, ",") {
		off = append(off, "-"+strings.TrimSpace(n)+"=false")
	}
	label := " without " + names
	configs = append(configs,
		config{"vet-idemvet-without", "go vet -vettool=idemvet" + label, true, func(t *tools, n string) (string, []string, []string) {
			return "go", append(append([]string{"vet", "-vettool=" + t.idemvet, "-bench.nonce=" + n}, off...), "./..."), nil
		}},
		config{"idemvet-without", "idemvet ./..." + label, false, func(t *tools, n string) (string, []string, []string) {
			return t.idemvet, append(off, "./..."), nil
		}},
	)
}

func configNames() []string {
	var names []string
	for _, c := range configs {
		names = append(names, c.key)
	}
	return names
}

// sample is one timed run.
type sample struct {
	cpu, wall time.Duration
	rssKB     int64
	exit      int
	findings  int
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench/run: ")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./bench/run [flags] DIR...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	addWithout(*without)
	selected := selectConfigs(*only)
	root, err := repoRoot()
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "idemvet-bench")
	if err != nil {
		log.Fatal(err)
	}
	if !*keep {
		defer os.RemoveAll(tmp)
	}
	t := build(root, tmp, selected)
	var summary []string
	for _, dir := range flag.Args() {
		abs, err := filepath.Abs(dir)
		if err != nil {
			log.Fatal(err)
		}
		summary = append(summary, measure(t, abs, selected)...)
	}
	if *markdown {
		fmt.Println("\n| module | packages (with deps and tests) | go vet: idemvet / default CPU | go vet: stock / default | go vet: noop / default | standalone: idemvet / noop-fact CPU | standalone: stock / noop-fact | peak RSS: idemvet / staticcheck | peak RSS: stock / staticcheck |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|")
		for _, row := range summary {
			fmt.Println(row)
		}
	}
}

func selectConfigs(only string) []config {
	if only == "" {
		return configs
	}
	var out []config
	for _, want := range strings.Split(only, ",") {
		i := slices.IndexFunc(configs, func(c config) bool { return c.key == want })
		if i < 0 {
			log.Fatalf("-only: no configuration %q (have %s)", want, strings.Join(configNames(), ","))
		}
		out = append(out, configs[i])
	}
	return out
}

func repoRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %v (run bench/run inside the idemvet repository)", err)
	}
	dir := strings.TrimSpace(string(out))
	if _, err := os.Stat(filepath.Join(dir, "cmd", "idemvet")); err != nil {
		return "", fmt.Errorf("%s is not the idemvet repository", dir)
	}
	return dir, nil
}

// build compiles the tools into tmp and installs staticcheck if needed.
func build(root, tmp string, selected []config) *tools {
	t := &tools{
		tmp:      tmp,
		idemvet:  filepath.Join(tmp, "idemvet"),
		stock:    filepath.Join(tmp, "stock"),
		noop:     filepath.Join(tmp, "noop"),
		noopFact: filepath.Join(tmp, "noop-fact"),
		staticch: *staticcheck,
	}
	steps := [][]string{
		{"go", "build", "-o", t.idemvet, "./cmd/idemvet"},
		{"go", "build", "-o", t.stock, "./bench/stock"},
		{"go", "build", "-o", t.noop, "./bench/noop"},
		{"go", "build", "-ldflags=-X=main.withFact=true", "-o", t.noopFact, "./bench/noop"},
	}
	for _, s := range steps {
		run(root, nil, s...)
	}
	if t.staticch == "" && slices.ContainsFunc(selected, func(c config) bool { return c.key == "staticcheck" }) {
		// Installed into a temporary GOBIN from the module proxy: never a
		// dependency of idemvet's module.
		gobin := filepath.Join(tmp, "bin")
		run(tmp, []string{"GOBIN=" + gobin, "GOFLAGS="}, "go", "install", "honnef.co/go/tools/cmd/staticcheck@v0.8.2")
		t.staticch = filepath.Join(gobin, "staticcheck")
	}
	return t
}

func run(dir string, env []string, args ...string) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// measure times the selected configurations on the module in dir and
// returns its Markdown summary row.
func measure(t *tools, dir string, selected []config) []string {
	fmt.Printf("\n== %s\n", dir)
	own := countLines(dir, "go", "list", "./...")
	deps := countLines(dir, "go", "list", "-deps", "-test", "./...")
	fmt.Printf("%d packages, %d with dependencies and test variants; %d timed runs each\n", own, deps, *runs)

	// Warm-up: compile everything go vet needs (export data of every
	// dependency and test variant) so that no timed run pays for it.
	warm := exec.Command("go", "vet", "-vettool="+t.noop, "-bench.nonce=warm", "./...")
	warm.Dir = dir
	if out, err := warm.CombinedOutput(); err != nil {
		fmt.Printf("warning: warm-up go vet failed: %v\n%s\n", err, tail(out, 10))
	}

	results := map[string][]sample{}
	for r := 0; r < *runs; r++ {
		for _, c := range selected {
			nonce := fmt.Sprintf("%d%d", time.Now().UnixNano(), r)
			s := timeOne(t, dir, c, nonce)
			results[c.name] = append(results[c.name], s)
		}
	}

	med := map[string]sample{}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "configuration\tCPU s\twall s\tpeak RSS MB\texit\tfindings\tCPU / go vet\t")
	for _, c := range selected {
		m := median(results[c.name])
		med[c.name] = m
		ratio := ""
		if base, ok := med["go vet"]; ok && c.vet {
			ratio = fmt.Sprintf("%.2f×", m.cpu.Seconds()/base.cpu.Seconds())
		}
		findings := ""
		if c.vet && c.name != "go vet" || c.key == "idemvet" || c.key == "stock" || c.key == "idemvet-without" {
			findings = fmt.Sprint(m.findings)
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%d\t%d\t%s\t%s\t\n", c.name, m.cpu.Seconds(), m.wall.Seconds(), m.rssKB/1024, m.exit, findings, ratio)
	}
	tw.Flush()

	ratio := func(a, b string, rss bool) string {
		x, okx := med[a]
		y, oky := med[b]
		if !okx || !oky {
			return "n/a"
		}
		if rss {
			return fmt.Sprintf("%.2f", float64(x.rssKB)/float64(y.rssKB))
		}
		return fmt.Sprintf("%.2f", x.cpu.Seconds()/y.cpu.Seconds())
	}
	fmt.Printf("vet mode:   idemvet / go vet CPU %s (target ≤ 0.6); stock driver / go vet %s; noop floor / go vet %s; idemvet / noop floor %s\n",
		ratio("go vet -vettool=idemvet", "go vet", false), ratio("go vet -vettool=stock", "go vet", false),
		ratio("go vet -vettool=noop", "go vet", false), ratio("go vet -vettool=idemvet", "go vet -vettool=noop", false))
	fmt.Printf("standalone: idemvet / noop-fact CPU %s (target ≤ 1.3); stock / noop-fact %s; noop-fact / noop %s\n",
		ratio("idemvet ./...", "noop-fact ./...", false), ratio("stock ./...", "noop-fact ./...", false), ratio("noop-fact ./...", "noop ./...", false))
	fmt.Printf("            peak RSS idemvet / staticcheck %s (target ≤ 1); stock / staticcheck %s; idemvet / noop-fact %s\n",
		ratio("idemvet ./...", "staticcheck ./...", true), ratio("stock ./...", "staticcheck ./...", true), ratio("idemvet ./...", "noop-fact ./...", true))
	if *without != "" {
		label := " without " + *without
		fmt.Printf("without:    go vet -vettool=idemvet / the same%s CPU %s; idemvet ./... / the same%s %s\n",
			label, ratio("go vet -vettool=idemvet", "go vet -vettool=idemvet"+label, false),
			label, ratio("idemvet ./...", "idemvet ./..."+label, false))
	}
	for _, pair := range [][2]string{{"go vet -vettool=idemvet", "go vet -vettool=stock"}, {"idemvet ./...", "stock ./..."}} {
		a, oka := med[pair[0]]
		b, okb := med[pair[1]]
		if oka && okb && a.findings != b.findings {
			fmt.Printf("warning: %s and %s report different numbers of findings (%d, %d)\n", pair[0], pair[1], a.findings, b.findings)
		}
	}
	return []string{fmt.Sprintf("| %s | %d (%d) | %s | %s | %s | %s | %s | %s | %s |", filepath.Base(dir), own, deps,
		ratio("go vet -vettool=idemvet", "go vet", false), ratio("go vet -vettool=stock", "go vet", false),
		ratio("go vet -vettool=noop", "go vet", false),
		ratio("idemvet ./...", "noop-fact ./...", false), ratio("stock ./...", "noop-fact ./...", false),
		ratio("idemvet ./...", "staticcheck ./...", true), ratio("stock ./...", "staticcheck ./...", true))}
}

var findingRE = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): [^\t]`)

func timeOne(t *tools, dir string, c config, nonce string) sample {
	bin, args, env := c.args(t, nonce)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	s := sample{wall: wall, exit: -1}
	if cmd.ProcessState == nil {
		fmt.Printf("warning: %s: %v\n", c.name, err)
		return s
	}
	s.exit = cmd.ProcessState.ExitCode()
	s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.rssKB = ru.Maxrss // kilobytes on Linux
	}
	sc := bufio.NewScanner(&stderr)
	sc.Buffer(nil, 1<<20)
	var other []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case findingRE.MatchString(line):
			s.findings++
		case strings.HasPrefix(line, "#") || strings.HasPrefix(line, "\t") || strings.Contains(line, ".go:"):
		default:
			other = append(other, line)
		}
	}
	// Findings make go vet exit 1, idemvet 3 and staticcheck 1; anything
	// else, or unexpected output, is worth a look.
	if s.exit > 3 || s.exit == 2 || len(other) > 0 && strings.Contains(strings.Join(other, "\n"), "panic") {
		fmt.Printf("warning: %s exited %d:\n%s\n", c.name, s.exit, tail([]byte(strings.Join(other, "\n")), 15))
	}
	return s
}

func median(ss []sample) sample {
	if len(ss) == 0 {
		return sample{exit: -1}
	}
	by := func(less func(a, b sample) int) sample {
		c := slices.Clone(ss)
		slices.SortFunc(c, less)
		return c[len(c)/2]
	}
	m := by(func(a, b sample) int { return int(a.cpu - b.cpu) })
	m.wall = by(func(a, b sample) int { return int(a.wall - b.wall) }).wall
	m.rssKB = by(func(a, b sample) int { return int(a.rssKB - b.rssKB) }).rssKB
	return m
}

func countLines(dir string, args ...string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		log.Fatalf("%s in %s: %v", strings.Join(args, " "), dir, err)
	}
	return bytes.Count(out, []byte("\n"))
}

func tail(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
