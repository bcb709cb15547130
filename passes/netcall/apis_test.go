package netcall_test

import (
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/apis"
)

// TestAPIsResolve checks every key of the network and retry tables of
// passes/apis against the real libraries, as the end-to-end module
// compiles them: a key that drifted from the real API would silently
// match nothing.
func TestAPIsResolve(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the end-to-end module's dependencies")
	}
	var keys []string
	add := func(m any) {
		switch m := m.(type) {
		case map[string]apis.NetFunc:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.RequestCtor:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.HeaderSetter:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.RetryFunc:
			for k, v := range m {
				keys = append(keys, k)
				if v.Mark != "" {
					keys = append(keys, v.Mark)
				}
			}
		case map[string]apis.NoRetryOption:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]apis.RetryClient:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]bool:
			for k := range m {
				keys = append(keys, k)
			}
		case map[string]int:
			for k := range m {
				keys = append(keys, k)
			}
		}
	}
	add(apis.NetFuncs)
	add(apis.RequestCtors)
	add(apis.RequestCopies)
	add(apis.HeaderSetters)
	add(apis.FreshValues)
	add(apis.RetryFuncs)
	add(apis.NoRetryOptions)
	add(apis.Waits)
	add(apis.RetryClientCtors)
	add(apis.RetryCountSetters)
	add(apis.StandardClients)
	add(apis.SyncRunners)
	add(apis.RetryCountFields)
	add(apis.RetryPolicyFields)
	sort.Strings(keys)

	pkgPaths := map[string]bool{}
	for _, k := range keys {
		pkgPaths[pkgOf(k)] = true
	}
	var patterns []string
	for p := range pkgPaths {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	// From source: export data would make the go command compile every
	// dependency, which a cold build cache makes slow.
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax,
		Dir:  filepath.Join("..", "..", "testdata", "e2e"),
	}
	pkgs, err := idemvettest.LoadDecls(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		if len(p.Errors) == 0 && p.Types != nil {
			byPath[p.PkgPath] = p.Types
		}
	}
	for _, k := range keys {
		p := byPath[pkgOf(k)]
		if p == nil {
			t.Logf("skipped %s: %s is not a dependency of testdata/e2e", k, pkgOf(k))
			continue
		}
		if !resolves(p, k) {
			t.Errorf("%s does not resolve in %s", k, p.Path())
		}
	}
}

// pkgOf returns the package path of a key: "pkg.Func", "(*pkg.T).M",
// "(pkg.T).F".
func pkgOf(key string) string {
	k := strings.TrimPrefix(strings.TrimPrefix(key, "("), "*")
	if i := strings.Index(k, ")"); i >= 0 {
		k = k[:i]
	}
	return k[:strings.LastIndex(k, ".")]
}

func resolves(p *types.Package, key string) bool {
	if !strings.HasPrefix(key, "(") {
		name := key[len(p.Path())+1:]
		obj := p.Scope().Lookup(name)
		if f, ok := obj.(*types.Func); ok {
			return f.FullName() == key
		}
		return false
	}
	close := strings.Index(key, ")")
	recv := strings.TrimPrefix(key[1:close], "*")
	tname := recv[len(p.Path())+1:]
	if i := strings.Index(tname, "["); i >= 0 {
		tname = tname[:i] // a generic type's method: Client[Req, Res]
	}
	member := key[close+2:]
	tn, ok := p.Scope().Lookup(tname).(*types.TypeName)
	if !ok {
		return false
	}
	var t types.Type = types.NewPointer(tn.Type())
	if types.IsInterface(tn.Type()) {
		t = tn.Type()
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, p, member)
	switch obj := obj.(type) {
	case *types.Func:
		return obj.FullName() == key
	case *types.Var:
		return obj.IsField()
	}
	return false
}

// TestSDKRules checks the service SDK rules of passes/apis against the
// real SDKs as testdata/e2esdk compiles them: the operations they must
// recognize, with their HTTP method, and the methods that stay local.
func TestSDKRules(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the SDK end-to-end module's dependencies")
	}
	want := map[string]string{ // key -> HTTP method; "" must not match
		"(*github.com/aws/aws-sdk-go-v2/service/s3.Client).PutObject":               "PUT",
		"(*github.com/aws/aws-sdk-go-v2/service/s3.Client).DeleteObject":            "DELETE",
		"(*github.com/aws/aws-sdk-go-v2/service/s3.Client).CopyObject":              "PUT",
		"(*github.com/aws/aws-sdk-go-v2/service/s3.Client).CreateMultipartUpload":   "POST",
		"(*github.com/aws/aws-sdk-go-v2/service/s3.Client).Options":                 "",
		"(*github.com/aws/aws-sdk-go-v2/service/s3.PresignClient).PresignPutObject": "",
		"(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).SendMessage":            "POST",
		"(*github.com/aws/aws-sdk-go-v2/service/sesv2.Client).SendEmail":            "POST",
		"(*github.com/aws/aws-sdk-go/service/s3.S3).PutObjectWithContext":           "PUT",
		"(*github.com/aws/aws-sdk-go/service/s3.S3).PutObject":                      "PUT",
		"(*github.com/aws/aws-sdk-go/service/s3.S3).PutObjectRequest":               "",
		"(*cloud.google.com/go/storage.Writer).Close":                               "PUT",
		"(*cloud.google.com/go/storage.ObjectHandle).Delete":                        "DELETE",
		"(*cloud.google.com/go/storage.ObjectHandle).NewWriter":                     "",
		"(*cloud.google.com/go/storage.BucketHandle).Object":                        "",
		"(*github.com/minio/minio-go/v7.Client).PutObject":                          "PUT",
		"(*github.com/minio/minio-go/v7.Client).RemoveObject":                       "DELETE",
		"(*github.com/minio/minio-go/v7.Client).PresignedGetObject":                 "",
		"github.com/stripe/stripe-go/v82/charge.New":                                "POST",
		"(github.com/stripe/stripe-go/v82/charge.Client).New":                       "POST",
		"(github.com/stripe/stripe-go/v82.v1ChargeService).Create":                  "POST",
		"(github.com/stripe/stripe-go/v82.v1ChargeService).Retrieve":                "GET",
		"(*github.com/stripe/stripe-go/v82.Params).SetIdempotencyKey":               "",
		"github.com/stripe/stripe-go/v82.String":                                    "",
		"(*github.com/twilio/twilio-go/rest/api/v2010.ApiService).CreateMessage":    "POST",
		"(*github.com/twilio/twilio-go/rest/api/v2010.CreateMessageParams).SetTo":   "",
		"(*github.com/sendgrid/sendgrid-go.Client).Send":                            "POST",
	}
	pkgPaths := map[string]bool{}
	for k := range want {
		pkgPaths[pkgOf(k)] = true
	}
	var patterns []string
	for p := range pkgPaths {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	// From source: export data would make the go command compile the SDKs
	// first (most of this package's time on a cold build cache).
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax,
		Dir:  filepath.Join("..", "..", "testdata", "e2esdk"),
	}
	pkgs, err := idemvettest.LoadDecls(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		if len(p.Errors) == 0 && p.Types != nil {
			byPath[p.PkgPath] = p.Types
		}
	}
	for k, method := range want {
		p := byPath[pkgOf(k)]
		if p == nil {
			t.Errorf("%s: package %s not loaded", k, pkgOf(k))
			continue
		}
		f := lookupFunc(p, k)
		if f == nil {
			t.Errorf("%s does not resolve", k)
			continue
		}
		nf, ok := apis.NetFuncOf(f)
		switch {
		case method == "" && ok:
			t.Errorf("%s is taken for a network call (%s %s)", k, nf.Method, nf.API)
		case method != "" && !ok:
			t.Errorf("%s is not recognized", k)
		case method != "" && nf.Method != method:
			t.Errorf("%s: method %q, want %q", k, nf.Method, method)
		}
	}
}

// lookupFunc resolves a function or method key in p.
func lookupFunc(p *types.Package, key string) *types.Func {
	if !strings.HasPrefix(key, "(") {
		f, _ := p.Scope().Lookup(key[len(p.Path())+1:]).(*types.Func)
		return f
	}
	close := strings.Index(key, ")")
	recv := strings.TrimPrefix(key[1:close], "*")
	tn, ok := p.Scope().Lookup(recv[len(p.Path())+1:]).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, p, key[close+2:])
	f, _ := obj.(*types.Func)
	return f
}
