// Package xormsync is a mirror scheduler: the sync job writes the mirror
// back whole after the fetch, then stamps the time of the sync itself.
package xormsync

import (
	"errors"
	"time"

	"xorm.io/xorm"
)

var x *xorm.Engine

type Mirror struct {
	ID          int64
	RepoID      int64
	Interval    int
	EnablePrune bool
	Address     string
	SyncedUnix  int64
	NextUnix    int64
}

func getMirror(repoID int64) (*Mirror, error) {
	m := &Mirror{RepoID: repoID}
	has, err := x.Get(m)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errors.New("no mirror")
	}
	return m, nil
}

func updateMirror(m *Mirror) error {
	_, err := x.ID(m.ID).AllCols().Update(m)
	return err
}

func fetch(m *Mirror) error { return nil }

// Sync writes synced_unix back as read, then sets it: nothing it reverts
// outlives it.
func Sync(repoID int64) error {
	m, err := getMirror(repoID)
	if err != nil {
		return err
	}
	if err := fetch(m); err != nil {
		return err
	}
	m.NextUnix = time.Now().Add(time.Duration(m.Interval) * time.Hour).Unix()
	if err := updateMirror(m); err != nil { // ok: synced_unix is written again below
		return err
	}
	_, err = x.Exec("UPDATE mirror SET synced_unix = ? WHERE repo_id = ?", time.Now().Unix(), m.RepoID)
	return err
}

// Snooze pushes the next sync back, and writes the last sync time it read.
func Snooze(repoID int64) error {
	m, err := getMirror(repoID)
	if err != nil {
		return err
	}
	m.NextUnix += 3600
	return updateMirror(m) // want `stale row written back on mirror\(synced_unix\)`
}
