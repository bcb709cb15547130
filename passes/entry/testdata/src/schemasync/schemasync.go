// Package schemasync keeps the schema's version in a table it creates on
// first use: a function that syncs its tables' schema runs while the
// service starts or an upgrade command runs, like one that opens the
// database. One that only reads and writes the table, given an engine
// opened elsewhere, keeps its callers out of view.
package schemasync

import "xorm.io/xorm"

type SchemaVersion struct {
	ID     int64 `xorm:"pk id"`
	Number int64 `xorm:"number"`
}

// CurrentSchemaVersion creates the version table if it is missing and
// stores version 0 on the first run.
func CurrentSchemaVersion(engine *xorm.Engine) (int64, error) { // want `no: reached only from schemasync.CurrentSchemaVersion, which syncs its tables' schema`
	if err := engine.Sync(new(SchemaVersion)); err != nil {
		return 0, err
	}
	return firstVersion(engine)
}

func firstVersion(engine *xorm.Engine) (int64, error) { // want `no: reached only from schemasync.CurrentSchemaVersion, which syncs its tables' schema`
	v := &SchemaVersion{ID: 1}
	has, err := engine.Get(v)
	if err != nil || has {
		return v.Number, err
	}
	_, err = engine.InsertOne(&SchemaVersion{ID: 1})
	return 0, err
}

// BumpSchemaVersion records a version in a table it assumes exists: its
// callers are out of view.
func BumpSchemaVersion(engine *xorm.Engine, n int64) error { // want `unknown: schemasync.BumpSchemaVersion is exported`
	_, err := engine.ID(int64(1)).Update(&SchemaVersion{Number: n})
	return err
}

// LoadRules builds the rules' store per request, and the store's
// constructor syncs its table on the way (as a policy adapter's does): a
// sync marks the function that makes it, not its callers.
func LoadRules(engine *xorm.Engine) ([]Rule, error) { // want `unknown: schemasync.LoadRules is exported`
	st, err := NewRuleStore(engine)
	if err != nil {
		return nil, err
	}
	return st.all()
}

type Rule struct {
	ID int64 `xorm:"pk id"`
	V0 string
}

type RuleStore struct{ engine *xorm.Engine }

// NewRuleStore creates the rules' table if it is missing; reached from
// LoadRules, its callers are out of view too.
func NewRuleStore(engine *xorm.Engine) (*RuleStore, error) { // want `unknown: reached from schemasync.LoadRules is exported`
	return &RuleStore{engine: engine}, engine.Sync2(new(Rule))
}

func (s *RuleStore) all() ([]Rule, error) { // want `unknown: reached from schemasync.LoadRules is exported`
	var rules []Rule
	err := s.engine.Find(&rules)
	return rules, err
}
