package main
import _ "golang.org/x/tools/go/analysis/multichecker"
import _ "golang.org/x/tools/go/analysis/passes/buildssa"
import _ "golang.org/x/tools/go/analysis/analysistest"
import _ "github.com/stretchr/testify/require"
func main(){}
