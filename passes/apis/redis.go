package apis

// RedisPkg is go-redis v9's import path.
const RedisPkg = "github.com/redis/go-redis/v9"

// RedisOp is what a go-redis command does to a key.
type RedisOp uint8

const (
	RedisNone   RedisOp = iota
	RedisRead           // GET, HGET: reads the value (or a hash field)
	RedisWrite          // SET, HSET: replaces it with a value computed by the caller
	RedisAtomic         // INCRBY, HINCRBY, ...: changes it in Redis
)

// RedisCommand describes a command method: its operation, the key argument
// and, for hash commands, the field argument; Value is the value written
// (-1 for reads).
type RedisCommand struct {
	Op    RedisOp
	Key   int
	Field int
	Value int
	// Pairs reports field-value pairs passed as ...interface{} at Field
	// (HSet(ctx, key, "f", v)); only the first pair is modeled.
	Pairs bool
}

// RedisCommands maps command method names, on any go-redis client type or
// interface (Client, ClusterClient, Tx, Pipeliner, Cmdable), to what they
// do. Arguments count without the receiver; argument 0 is the context.
var RedisCommands = map[string]RedisCommand{
	"Get":         {Op: RedisRead, Key: 1, Field: -1, Value: -1},
	"HGet":        {Op: RedisRead, Key: 1, Field: 2, Value: -1},
	"Set":         {Op: RedisWrite, Key: 1, Field: -1, Value: 2},
	"SetEx":       {Op: RedisWrite, Key: 1, Field: -1, Value: 2},
	"HSet":        {Op: RedisWrite, Key: 1, Field: 2, Value: -1, Pairs: true},
	"Incr":        {Op: RedisAtomic, Key: 1, Field: -1, Value: -1},
	"IncrBy":      {Op: RedisAtomic, Key: 1, Field: -1, Value: 2},
	"IncrByFloat": {Op: RedisAtomic, Key: 1, Field: -1, Value: 2},
	"Decr":        {Op: RedisAtomic, Key: 1, Field: -1, Value: -1},
	"DecrBy":      {Op: RedisAtomic, Key: 1, Field: -1, Value: 2},
	"HIncrBy":     {Op: RedisAtomic, Key: 1, Field: 2, Value: 3},
}

// RedisValueMethods are the methods of go-redis command results that hand
// back the value read: cmd.Result(), cmd.Int64(), cmd.Val().
var RedisValueMethods = map[string]bool{
	"Result": true, "Val": true, "Int": true, "Int64": true, "Uint64": true,
	"Float64": true, "Float32": true, "Bytes": true, "Bool": true, "Scan": true,
}

// RedisNil is go-redis's "key does not exist" error.
const RedisNil = RedisPkg + ".Nil"
