package apis

// StreamEncoders maps the constructors of encoders and writers that wrap an
// io.Writer to the index of that writer: what is written through the value
// they return (Encode, Write, WriteString) lands in the writer. The value
// model follows a document re-encoded into a buffer back to what was
// encoded (json.NewEncoder(&buf).Encode(settings); buf.Bytes()).
var StreamEncoders = map[string]int{
	"encoding/json.NewEncoder":                     0,
	"encoding/xml.NewEncoder":                      0,
	"encoding/gob.NewEncoder":                      0,
	"encoding/csv.NewWriter":                       0,
	"encoding/base64.NewEncoder":                   1,
	"encoding/hex.NewEncoder":                      0,
	"compress/gzip.NewWriter":                      0,
	"bufio.NewWriter":                              0,
	"gopkg.in/yaml.v2.NewEncoder":                  0,
	"gopkg.in/yaml.v3.NewEncoder":                  0,
	"github.com/goccy/go-json.NewEncoder":          0,
	"github.com/BurntSushi/toml.NewEncoder":        0,
	"github.com/vmihailenco/msgpack/v5.NewEncoder": 0,
}

// Decoders maps functions that decode their data argument into the value
// their destination argument points to (Data and Dest are argument
// indices; a method's receiver is not counted). What the destination holds
// afterwards derives from the data: a JSON column decoded into a map or a
// struct, changed and re-encoded, is a value recomputed from the column.
// Calls not listed that write through a pointer they are given are
// followed the same way; the table names the decoders whose data is the
// only input, so nothing else they are given counts as a source.
var Decoders = map[string]struct{ Data, Dest int }{
	"encoding/json.Unmarshal":                     {0, 1},
	"(*encoding/json.Decoder).Decode":             {-1, 0},
	"encoding/xml.Unmarshal":                      {0, 1},
	"(*encoding/xml.Decoder).Decode":              {-1, 0},
	"(*encoding/gob.Decoder).Decode":              {-1, 0},
	"gopkg.in/yaml.v2.Unmarshal":                  {0, 1},
	"gopkg.in/yaml.v3.Unmarshal":                  {0, 1},
	"(*gopkg.in/yaml.v3.Decoder).Decode":          {-1, 0},
	"github.com/goccy/go-json.Unmarshal":          {0, 1},
	"github.com/vmihailenco/msgpack/v5.Unmarshal": {0, 1},
	"github.com/BurntSushi/toml.Unmarshal":        {0, 1},
	"github.com/mitchellh/mapstructure.Decode":    {0, 1},
}

// Marshalers maps functions that encode their argument (at the index
// given) into a document without changing what it says. A repository
// helper that writes json.Marshal(meta) binds the column to its parameter
// meta as far as the value model is concerned: the caller's provenance of
// meta (decoded from the row, changed) decides whether the write is a
// lost update.
var Marshalers = map[string]int{
	"encoding/json.Marshal":                     0,
	"encoding/json.MarshalIndent":               0,
	"encoding/xml.Marshal":                      0,
	"gopkg.in/yaml.v2.Marshal":                  0,
	"gopkg.in/yaml.v3.Marshal":                  0,
	"github.com/goccy/go-json.Marshal":          0,
	"github.com/vmihailenco/msgpack/v5.Marshal": 0,
}
