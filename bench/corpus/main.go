// Command corpus runs idemvet, as a new user would, on the real services
// listed in bench/corpus.tsv and writes what it found, so that runs before
// and after a change can be compared:
//
//	go run ./bench/corpus [flags] ROOT          run on every service checked out under ROOT
//	go run ./bench/corpus -diff OLD NEW         compare two runs' summaries
//	go run ./bench/corpus -checkout ROOT        check the pinned commits out under ROOT
//
// It must run in the idemvet repository: it builds cmd/idemvet from the
// current tree (unless -bin names a binary) and runs `idemvet -json ./...`
// with default flags in each service's module directories (ROOT/NAME/MODDIR),
// under nice. It never builds or runs a service's code; idemvet itself only
// loads packages (go list) and type-checks them. Modules the Go toolchain
// needs come from the module proxy; GOTOOLCHAIN=local keeps the installed
// toolchain.
//
// The output directory (-out, default a new directory under /tmp) gets:
//
//	NAME[__MODDIR].json      idemvet's JSON output for one module
//	NAME[__MODDIR].stderr    its standard error (load errors, panics, SIGQUIT stacks)
//	summary.txt              one line per distinct finding, sorted:
//	                         NAME <TAB> analyzer/category <TAB> file:line:col <TAB> message
//	runs.tsv                 per module: exit code, status, CPU seconds (user+sys
//	                         of the process tree), wall seconds, peak RSS, findings
//
// A module that runs longer than -timeout is sent SIGQUIT (its goroutine
// stacks land in the .stderr file) and then killed; its status is
// "timeout". A status of "crash" means idemvet exited with a code other
// than 0, 1 or 3 or printed a panic.
//
// Column 7 of corpus.tsv (optional) lists prepare steps applied to the
// checkout before each run: placeholder:PATH (an empty file, or a directory
// with one when PATH ends in /, for //go:embed patterns a front-end build
// fills), rm:PATH (a package whose module the proxy refuses, or a go.work
// whose other modules need one) and replace:MODULE=OWNER/NAME@COMMIT (a
// module the proxy refuses that a package the service needs imports:
// its fetched mirror's tree at COMMIT is unpacked under .corpus-replace/
// in the checkout and the module replaced by it in the root go.mod), and
// tags:TAG (a build tag the run sets through GOFLAGS=-tags=..., for a
// service whose database adapters are behind tags; one step per tag).
//
// Paths in summary.txt are relative to the service's checkout, so runs in
// different roots compare equal. -diff matches findings by service,
// analyzer, category and position, and prints + (new), - (gone) and ~ (same
// place, message changed).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

var (
	tsvPath  = flag.String("tsv", "bench/corpus.tsv", "the corpus list")
	outDir   = flag.String("out", "", "output directory (default: a new directory under /tmp)")
	bin      = flag.String("bin", "", "idemvet binary to run (default: build ./cmd/idemvet from this tree)")
	only     = flag.String("only", "", "comma-separated service names to run (default all)")
	timeout  = flag.Duration("timeout", 30*time.Minute, "time limit per module; then SIGQUIT, then kill")
	niceness = flag.Int("nice", 10, "niceness for idemvet runs (0: do not renice)")
	diffMode = flag.Bool("diff", false, "compare two output directories (or summary files): OLD NEW")
	checkout = flag.Bool("checkout", false, "check the pinned commits out under ROOT from -mirror")
	mirror   = flag.String("mirror", "/work/.mirror", "with -checkout: where the fetched repositories are (OWNER+NAME/repo)")
	extra    = flag.String("args", "", "extra idemvet flags, space-separated (default none: default flags)")
)

// entry is one row of corpus.tsv.
type entry struct {
	name, repo, commit string
	modDirs            []string
	libs, notes        string
	// prepare lists what a checkout needs before it loads, applied before
	// each run (idempotent): "placeholder:PATH" creates an empty file at
	// PATH (or, with a trailing slash, a directory holding one) for a
	// //go:embed pattern whose files a front-end build would produce;
	// "rm:PATH" removes a package whose module the proxy refuses;
	// "replace:MODULE=OWNER/NAME@COMMIT" replaces a module the proxy
	// refuses by the fetched mirror's tree at COMMIT; "tags:TAG" is
	// not applied to the checkout: the run sets GOFLAGS=-tags= with the
	// tags of every such step.
	prepare []string
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench/corpus: ")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./bench/corpus [flags] ROOT\n       go run ./bench/corpus -diff OLD NEW\n       go run ./bench/corpus -checkout ROOT\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *diffMode {
		if flag.NArg() != 2 {
			flag.Usage()
			os.Exit(2)
		}
		if err := diff(os.Stdout, flag.Arg(0), flag.Arg(1)); err != nil {
			log.Fatal(err)
		}
		return
	}
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	root, err := filepath.Abs(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	entries, err := readTSV(*tsvPath)
	if err != nil {
		log.Fatal(err)
	}
	entries = selectEntries(entries, *only)
	if *checkout {
		if err := checkoutAll(root, *mirror, entries); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := run(root, entries); err != nil {
		log.Fatal(err)
	}
}

func readTSV(path string) ([]entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseTSV(string(data))
}

// parseTSV reads corpus.tsv: a header line, then one service a line with
// tab-separated name, repo, commit, module dirs (comma-separated, "." for
// the root), libraries and notes. Lines starting with # are comments.
func parseTSV(text string) ([]entry, error) {
	var entries []entry
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		if i == 0 || strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			return nil, fmt.Errorf("corpus.tsv:%d: want at least 4 tab-separated fields (name, repo, commit, module dirs), have %d", i+1, len(f))
		}
		e := entry{name: f[0], repo: f[1], commit: f[2]}
		for _, d := range strings.Split(f[3], ",") {
			d = strings.TrimSpace(d)
			if d == "" {
				continue
			}
			if filepath.IsAbs(d) || strings.HasPrefix(filepath.Clean(d), "..") {
				return nil, fmt.Errorf("corpus.tsv:%d: module dir %q must be inside the checkout", i+1, d)
			}
			e.modDirs = append(e.modDirs, d)
		}
		if len(e.modDirs) == 0 {
			return nil, fmt.Errorf("corpus.tsv:%d: no module dir", i+1)
		}
		if len(f) > 4 {
			e.libs = f[4]
		}
		if len(f) > 5 {
			e.notes = f[5]
		}
		if len(f) > 6 {
			for _, p := range strings.Split(f[6], ",") {
				p = strings.TrimSpace(p)
				if p == "" {
					continue
				}
				verb, path, ok := strings.Cut(p, ":")
				if verb == "tags" {
					if !validTag(path) {
						return nil, fmt.Errorf("corpus.tsv:%d: bad prepare step %q (want tags:TAG)", i+1, p)
					}
					e.prepare = append(e.prepare, p)
					continue
				}
				if verb == "replace" {
					if _, _, _, err := parseReplace(path); err != nil {
						return nil, fmt.Errorf("corpus.tsv:%d: bad prepare step %q: %v", i+1, p, err)
					}
					e.prepare = append(e.prepare, p)
					continue
				}
				if !ok || (verb != "placeholder" && verb != "rm") || path == "" ||
					filepath.IsAbs(path) || strings.HasPrefix(filepath.Clean(path), "..") {
					return nil, fmt.Errorf("corpus.tsv:%d: bad prepare step %q (want placeholder:PATH, rm:PATH inside the checkout, or replace:MODULE=OWNER/NAME@COMMIT)", i+1, p)
				}
				e.prepare = append(e.prepare, p)
			}
		}
		if e.name == "" || strings.ContainsAny(e.name, "/ ") {
			return nil, fmt.Errorf("corpus.tsv:%d: bad name %q", i+1, e.name)
		}
		if seen[e.name] {
			return nil, fmt.Errorf("corpus.tsv:%d: duplicate name %q", i+1, e.name)
		}
		seen[e.name] = true
		entries = append(entries, e)
	}
	return entries, nil
}

func selectEntries(entries []entry, only string) []entry {
	if only == "" {
		return entries
	}
	want := map[string]bool{}
	for _, n := range strings.Split(only, ",") {
		want[strings.TrimSpace(n)] = true
	}
	var out []entry
	for _, e := range entries {
		if want[e.name] {
			out = append(out, e)
			delete(want, e.name)
		}
	}
	for n := range want {
		log.Printf("-only: no service %q in the list", n)
	}
	return out
}

// checkoutAll checks out each entry's pinned commit under root/name as a
// detached worktree of the fetched mirror; existing directories are left
// alone. Files the mirror lacks (large blobs) are left out of the checkout.
func checkoutAll(root, mirror string, entries []entry) error {
	for _, e := range entries {
		dst := filepath.Join(root, e.name)
		if _, err := os.Stat(dst); err == nil {
			fmt.Printf("%s: %s exists, left alone\n", e.name, dst)
			continue
		}
		gitDir := filepath.Join(mirror, strings.Replace(e.repo, "/", "+", 1), "repo")
		if _, err := os.Stat(gitDir); err != nil {
			fmt.Printf("%s: no mirror at %s (fetch %s first)\n", e.name, gitDir, e.repo)
			continue
		}
		cmd := exec.Command("git", "--git-dir="+gitDir, "worktree", "add", "--detach", "-f", dst, e.commit)
		if out, err := cmd.CombinedOutput(); err != nil {
			// A snapshot lacks blobs of 4 MiB and more, and a full checkout
			// then fails: check out the files that are there.
			fmt.Printf("%s: full checkout failed (%v), checking out the files present\n", e.name, lastLine(out))
			os.RemoveAll(dst)
			steps := [][]string{
				{"--git-dir=" + gitDir, "worktree", "prune"},
				{"--git-dir=" + gitDir, "worktree", "add", "--no-checkout", "--detach", "-f", dst, e.commit},
				{"-C", dst, "read-tree", "HEAD"},
			}
			for _, s := range steps {
				if out, err := exec.Command("git", s...).CombinedOutput(); err != nil {
					return fmt.Errorf("%s: git %s: %v: %s", e.name, strings.Join(s, " "), err, out)
				}
			}
			// checkout-index reports each missing blob and goes on.
			out, _ := exec.Command("git", "-C", dst, "checkout-index", "-a", "-f").CombinedOutput()
			if len(out) > 0 {
				fmt.Printf("%s: %s\n", e.name, strings.TrimSpace(string(out)))
			}
		}
		fmt.Printf("%s: %s at %s\n", e.name, dst, e.commit)
	}
	return nil
}

// prepare applies an entry's prepare steps to its checkout.
func prepare(checkoutDir string, steps []string) error {
	for _, s := range steps {
		verb, path, _ := strings.Cut(s, ":")
		full := filepath.Join(checkoutDir, path)
		switch verb {
		case "replace":
			if err := replaceModule(checkoutDir, path); err != nil {
				return err
			}
		case "tags":
			// set at run time (buildTags)
		case "rm":
			if err := os.RemoveAll(full); err != nil {
				return err
			}
		case "placeholder":
			file := full
			if strings.HasSuffix(path, "/") {
				file = filepath.Join(full, "placeholder.txt")
			}
			if _, err := os.Stat(file); err == nil {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(file, nil, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseReplace splits a replace step's MODULE=OWNER/NAME@COMMIT.
func parseReplace(s string) (module, repo, commit string, err error) {
	module, rest, ok := strings.Cut(s, "=")
	repo, commit, ok2 := strings.Cut(rest, "@")
	owner, name, ok3 := strings.Cut(repo, "/")
	if !ok || !ok2 || !ok3 || module == "" || owner == "" || name == "" || strings.ContainsAny(name, "/ ") ||
		len(commit) != 40 || strings.Trim(commit, "0123456789abcdef") != "" {
		return "", "", "", fmt.Errorf("want MODULE=OWNER/NAME@COMMIT (40 hex digits)")
	}
	return module, repo, commit, nil
}

// replaceModule unpacks the fetched mirror of a module the proxy refuses
// at its pinned commit under checkoutDir/.corpus-replace/OWNER+NAME (once)
// and replaces the module by it in the checkout's root go.mod. The
// directory's leading dot keeps it out of ./... patterns.
func replaceModule(checkoutDir, step string) error {
	module, repo, commit, err := parseReplace(step)
	if err != nil {
		return err
	}
	rel := filepath.Join(".corpus-replace", strings.Replace(repo, "/", "+", 1))
	dst := filepath.Join(checkoutDir, rel)
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		gitDir := filepath.Join(*mirror, strings.Replace(repo, "/", "+", 1), "repo")
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		archive := exec.Command("git", "--git-dir="+gitDir, "archive", commit)
		untar := exec.Command("tar", "-x", "-C", dst)
		pipe, err := archive.StdoutPipe()
		if err != nil {
			return err
		}
		untar.Stdin = pipe
		if err := untar.Start(); err != nil {
			return err
		}
		var stderr bytes.Buffer
		archive.Stderr = &stderr
		if err := archive.Run(); err != nil {
			untar.Wait()
			os.RemoveAll(dst)
			return fmt.Errorf("replace %s: git archive %s in %s (fetch %s first): %v: %s", module, commit, gitDir, repo, err, stderr.Bytes())
		}
		if err := untar.Wait(); err != nil {
			return fmt.Errorf("replace %s: tar: %v", module, err)
		}
	}
	cmd := exec.Command("go", "mod", "edit", "-replace", module+"=./"+filepath.ToSlash(rel))
	cmd.Dir = checkoutDir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("replace %s: go mod edit: %v: %s", module, err, out)
	}
	return nil
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

// result is one module's run.
type result struct {
	name, modDir, status string
	exit                 int
	cpu, wall            time.Duration
	rssKB                int64
	findings             []finding
}

// finding is one distinct diagnostic.
type finding struct {
	service, analyzer, category, pos, message string
}

func (f finding) key() string {
	return f.service + "\t" + f.analyzer + "/" + f.category + "\t" + f.pos
}

func (f finding) line() string {
	return f.key() + "\t" + f.message
}

func run(root string, entries []entry) error {
	out := *outDir
	if out == "" {
		var err error
		if out, err = os.MkdirTemp("", "idemvet-corpus-"); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	idemvet := *bin
	if idemvet == "" {
		idemvet = filepath.Join(out, "idemvet")
		build := exec.Command("go", "build", "-o", idemvet, "./cmd/idemvet")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building idemvet (run in the idemvet repository): %v", err)
		}
	} else if abs, err := filepath.Abs(idemvet); err == nil {
		idemvet = abs
	}
	version, _ := exec.Command("git", "log", "-1", "--format=%h %s").Output()
	fmt.Printf("idemvet %s (%s)\noutput in %s\n", idemvet, strings.TrimSpace(string(version)), out)

	var all []finding
	var results []result
	for _, e := range entries {
		checkoutDir := filepath.Join(root, e.name)
		if _, err := os.Stat(checkoutDir); err != nil {
			fmt.Printf("%-20s not checked out at %s (go run ./bench/corpus -checkout %s)\n", e.name, checkoutDir, root)
			results = append(results, result{name: e.name, modDir: "-", status: "missing"})
			continue
		}
		if head, err := exec.Command("git", "-C", checkoutDir, "rev-parse", "HEAD").Output(); err == nil {
			if h := strings.TrimSpace(string(head)); h != e.commit {
				fmt.Printf("%-20s warning: checkout is at %s, corpus.tsv pins %s\n", e.name, h, e.commit)
			}
		}
		if err := prepare(checkoutDir, e.prepare); err != nil {
			return fmt.Errorf("%s: %v", e.name, err)
		}
		for _, md := range e.modDirs {
			r := runModule(idemvet, out, checkoutDir, e.name, md, buildTags(e.prepare))
			results = append(results, r)
			all = append(all, r.findings...)
			fmt.Printf("%-20s %-28s %-8s exit %d  cpu %7.1fs  wall %7.1fs  rss %5d MiB  %d findings\n",
				e.name, md, r.status, r.exit, r.cpu.Seconds(), r.wall.Seconds(), r.rssKB/1024, len(r.findings))
		}
	}
	all = dedup(all)
	var sb strings.Builder
	for _, f := range all {
		sb.WriteString(f.line())
		sb.WriteByte('\n')
	}
	if err := os.WriteFile(filepath.Join(out, "summary.txt"), []byte(sb.String()), 0o644); err != nil {
		return err
	}
	var rt strings.Builder
	rt.WriteString("name\tmoddir\tstatus\texit\tcpu_s\twall_s\trss_mib\tfindings\n")
	for _, r := range results {
		fmt.Fprintf(&rt, "%s\t%s\t%s\t%d\t%.1f\t%.1f\t%d\t%d\n", r.name, r.modDir, r.status, r.exit, r.cpu.Seconds(), r.wall.Seconds(), r.rssKB/1024, len(r.findings))
	}
	if err := os.WriteFile(filepath.Join(out, "runs.tsv"), []byte(rt.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("%d distinct findings; %s/summary.txt, %s/runs.tsv\n", len(all), out, out)
	return nil
}

// validTag reports a build tag.
func validTag(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") == ""
}

// buildTags returns the tags of an entry's tags: steps, comma-separated.
func buildTags(steps []string) string {
	var tags []string
	for _, s := range steps {
		if verb, tag, _ := strings.Cut(s, ":"); verb == "tags" {
			tags = append(tags, tag)
		}
	}
	return strings.Join(tags, ",")
}

func runModule(idemvet, out, checkoutDir, name, modDir, tags string) result {
	r := result{name: name, modDir: modDir}
	base := name
	if modDir != "." {
		base += "__" + strings.ReplaceAll(filepath.Clean(modDir), "/", "_")
	}
	dir := filepath.Join(checkoutDir, modDir)
	args := []string{"-json"}
	if *extra != "" {
		args = append(args, strings.Fields(*extra)...)
	}
	args = append(args, "./...")
	var cmd *exec.Cmd
	if *niceness != 0 {
		cmd = exec.Command("nice", append([]string{"-n", fmt.Sprint(*niceness), idemvet}, args...)...)
	} else {
		cmd = exec.Command(idemvet, args...)
	}
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
	if tags != "" {
		cmd.Env = append(cmd.Env, "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -tags="+tags))
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout bytes.Buffer
	stderrFile, err := os.Create(filepath.Join(out, base+".stderr"))
	if err != nil {
		r.status = "error"
		return r
	}
	defer stderrFile.Close()
	cmd.Stdout, cmd.Stderr = &stdout, stderrFile
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderrFile, err)
		r.status, r.exit = "error", -1
		return r
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timedOut := false
	var waitErr error
	select {
	case waitErr = <-done:
	case <-time.After(*timeout):
		timedOut = true
		// The goroutine stacks of a hang: SIGQUIT to idemvet (the Go
		// runtime prints them), then kill the whole group.
		if pid := childPid(cmd.Process.Pid); pid > 0 {
			syscall.Kill(pid, syscall.SIGQUIT)
		} else {
			syscall.Kill(cmd.Process.Pid, syscall.SIGQUIT)
		}
		select {
		case waitErr = <-done:
		case <-time.After(30 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			waitErr = <-done
		}
	}
	r.wall = time.Since(start)
	if ps := cmd.ProcessState; ps != nil {
		r.cpu = ps.UserTime() + ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			r.rssKB = ru.Maxrss
		}
		r.exit = ps.ExitCode()
	}
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) {
		fmt.Fprintln(stderrFile, waitErr)
	}
	os.WriteFile(filepath.Join(out, base+".json"), stdout.Bytes(), 0o644)
	stderrFile.Sync()
	stderrText, _ := os.ReadFile(stderrFile.Name())
	switch {
	case timedOut:
		r.status = "timeout"
	case goCrashed(stderrText) || (r.exit != 0 && r.exit != 1 && r.exit != 3):
		r.status = "crash"
	case r.exit == 1:
		r.status = "errors" // load or type errors reported; findings may be partial
	default:
		r.status = "ok"
	}
	fs, err := parseFindings(stdout.Bytes(), name, checkoutDir)
	if err != nil {
		fmt.Fprintf(stderrFile, "bench/corpus: reading idemvet's JSON: %v\n", err)
		if r.status == "ok" {
			r.status = "badjson"
		}
	}
	r.findings = fs
	return r
}

// goCrashed reports whether stderr holds a Go panic or runtime fatal error
// (at the start of a line: a C compiler's "file.c:4:11: fatal error: x.h:
// No such file" from cgo is a load error, not a crash).
func goCrashed(stderr []byte) bool {
	for _, line := range strings.Split(string(stderr), "\n") {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			return true
		}
	}
	return false
}

// childPid returns the pid of the only child of pid (idemvet under nice
// execs in place, so usually there is none), or 0.
func childPid(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) != 1 {
		return 0
	}
	var c int
	fmt.Sscan(f[0], &c)
	return c
}

// parseFindings reads idemvet -json output: one or more JSON objects
// (package -> analyzer -> diagnostics, or analyzer -> {"error": ...}).
func parseFindings(data []byte, service, checkoutDir string) ([]finding, error) {
	type diag struct {
		Category string `json:"category"`
		Posn     string `json:"posn"`
		Message  string `json:"message"`
	}
	var out []finding
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return out, err
		}
		for _, analyzers := range tree {
			for analyzer, raw := range analyzers {
				var diags []diag
				if err := json.Unmarshal(raw, &diags); err != nil {
					continue // {"error": "..."}: a package that failed, already on stderr
				}
				for _, d := range diags {
					cat := d.Category
					if cat == "" {
						cat = "-"
					}
					out = append(out, finding{
						service:  service,
						analyzer: analyzer,
						category: cat,
						pos:      relPos(d.Posn, checkoutDir),
						message:  strings.ReplaceAll(d.Message, "\n", " "),
					})
				}
			}
		}
	}
	return dedup(out), nil
}

func relPos(posn, dir string) string {
	if rel, ok := strings.CutPrefix(posn, dir+string(filepath.Separator)); ok {
		return rel
	}
	return posn
}

func dedup(fs []finding) []finding {
	seen := map[string]bool{}
	var out []finding
	for _, f := range fs {
		if l := f.line(); !seen[l] {
			seen[l] = true
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].line() < out[j].line() })
	return out
}

func readSummary(path string) ([]finding, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "summary.txt")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []finding
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		p := strings.SplitN(sc.Text(), "\t", 4)
		if len(p) != 4 {
			continue
		}
		an, cat, _ := strings.Cut(p[1], "/")
		out = append(out, finding{service: p[0], analyzer: an, category: cat, pos: p[2], message: p[3]})
	}
	return out, sc.Err()
}

func diff(w io.Writer, oldPath, newPath string) error {
	old, err := readSummary(oldPath)
	if err != nil {
		return err
	}
	cur, err := readSummary(newPath)
	if err != nil {
		return err
	}
	fmt.Fprint(w, diffFindings(old, cur))
	return nil
}

// diffFindings compares two runs by key (service, analyzer, category,
// position); several findings may share a key, so messages are compared as
// multisets.
func diffFindings(old, cur []finding) string {
	group := func(fs []finding) map[string][]string {
		m := map[string][]string{}
		for _, f := range fs {
			m[f.key()] = append(m[f.key()], f.message)
		}
		return m
	}
	o, n := group(old), group(cur)
	keys := map[string]bool{}
	for k := range o {
		keys[k] = true
	}
	for k := range n {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	var sb strings.Builder
	added, removed, changed := 0, 0, 0
	for _, k := range sorted {
		om, nm := o[k], n[k]
		switch {
		case len(om) == 0:
			for _, m := range nm {
				fmt.Fprintf(&sb, "+ %s\t%s\n", k, m)
				added++
			}
		case len(nm) == 0:
			for _, m := range om {
				fmt.Fprintf(&sb, "- %s\t%s\n", k, m)
				removed++
			}
		default:
			if strings.Join(om, "\x00") == strings.Join(nm, "\x00") {
				continue
			}
			fmt.Fprintf(&sb, "~ %s\n", k)
			for _, m := range om {
				fmt.Fprintf(&sb, "    was: %s\n", m)
			}
			for _, m := range nm {
				fmt.Fprintf(&sb, "    now: %s\n", m)
			}
			changed++
		}
	}
	fmt.Fprintf(&sb, "%d new, %d gone, %d changed; %d before, %d now\n", added, removed, changed, len(old), len(cur))
	return sb.String()
}
