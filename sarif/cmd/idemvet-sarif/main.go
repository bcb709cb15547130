// Command idemvet-sarif writes idemvet's findings as SARIF 2.1.0.
//
// Usage:
//
//	idemvet-sarif [-root dir] [-o file] [idemvet flags] [packages]
//	idemvet -json ./... | idemvet-sarif [-root dir] [-o file]
//	go vet -vettool=$(command -v idemvet) -json ./... 2>&1 | idemvet-sarif
//
// With packages, it runs idemvet -json on them (the idemvet next to this
// binary, else the one in PATH) and passes the other flags on; without, it
// converts the JSON on its standard input. Locations are relative to -root
// (default: the current directory), which for GitHub code scanning is the
// repository's root. It exits 0 when it wrote the report, whether or not
// there are findings, and 1 on errors.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/idemvet/idemvet"
	"github.com/idemvet/idemvet/sarif"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "idemvet-sarif:", err)
		os.Exit(1)
	}
}

func run(args []string, stdin io.Reader, stdout io.Writer) error {
	var root, out string
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-root" || a == "--root" || a == "-o" || a == "--o":
			if i+1 >= len(args) {
				return fmt.Errorf("flag %s needs a value", a)
			}
			if strings.TrimLeft(a, "-") == "root" {
				root = args[i+1]
			} else {
				out = args[i+1]
			}
			i++
		case strings.HasPrefix(a, "-root=") || strings.HasPrefix(a, "--root="):
			_, root, _ = strings.Cut(a, "=")
		case strings.HasPrefix(a, "-o=") || strings.HasPrefix(a, "--o="):
			_, out, _ = strings.Cut(a, "=")
		case a == "-h" || a == "-help" || a == "--help":
			fmt.Fprintln(os.Stderr, "usage: idemvet-sarif [-root dir] [-o file] [idemvet flags] [packages]\n       idemvet -json ./... | idemvet-sarif [-root dir] [-o file]")
			return flag.ErrHelp
		default:
			rest = append(rest, a)
		}
	}
	in := stdin
	if len(rest) > 0 {
		data, err := runIdemvet(rest)
		if err != nil {
			return err
		}
		in = bytes.NewReader(data)
	}
	trees, err := sarif.Read(in)
	if err != nil {
		return err
	}
	rep, err := sarif.Convert(trees, sarif.Options{Analyzers: idemvet.Suite, Root: root})
	if err != nil {
		return err
	}
	w := stdout
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	if err := rep.PrettyWrite(w); err != nil {
		return err
	}
	_, err = fmt.Fprintln(w)
	return err
}

// runIdemvet runs idemvet -json with args and returns its standard output.
func runIdemvet(args []string) ([]byte, error) {
	bin := "idemvet"
	if self, err := os.Executable(); err == nil {
		next := filepath.Join(filepath.Dir(self), "idemvet")
		if _, err := os.Stat(next); err == nil {
			bin = next
		} else if _, err := os.Stat(next + ".exe"); err == nil {
			bin = next + ".exe"
		}
	}
	cmd := exec.Command(bin, append([]string{"-json"}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("idemvet -json: %v\n%s", err, stderr.String())
		}
		return nil, fmt.Errorf("running idemvet (install it next to idemvet-sarif or in PATH): %v", err)
	}
	return stdout.Bytes(), nil
}
