// Package xormtokens keeps, per device, the list of tokens issued to it and
// the time the device was first seen. Every code path updates a device
// through updateDevice(id, d), which writes the struct it is given: its
// callers pass a row they just read, with the token list changed. The
// first-seen time is written back as read by all of them, so no path
// changes it and the write-back reverts nothing there. A lease, whose start
// a renewal moves, is reported.
package xormtokens

import (
	"xorm.io/xorm"
)

var x *xorm.Engine

type Device struct {
	ID          int64 `xorm:"pk"`
	CreatedTime string
	Tokens      []string
}

func getDevice(id int64) (*Device, error) {
	var d Device
	has, err := x.ID(id).Get(&d)
	if err != nil || !has {
		return nil, err
	}
	return &d, nil
}

func updateDevice(id int64, d *Device) (bool, error) {
	if old, err := getDevice(id); err != nil || old == nil {
		return false, err
	}
	n, err := x.ID(id).Update(d)
	return n != 0, err
}

func AddToken(id int64, tok string) (bool, error) {
	d, err := getDevice(id)
	if err != nil || d == nil {
		return false, err
	}
	d.Tokens = append(d.Tokens, tok)
	return updateDevice(id, d) // ok: created_time is written back as read by every writer
}

func RemoveToken(id int64, tok string) (bool, error) {
	d, err := getDevice(id)
	if err != nil || d == nil {
		return false, err
	}
	var kept []string
	for _, t := range d.Tokens {
		if t != tok {
			kept = append(kept, t)
		}
	}
	d.Tokens = kept
	return updateDevice(id, d) // ok: as AddToken
}

// ---- reported: a renewal changes the start ----

type Lease struct {
	ID        int64 `xorm:"pk"`
	StartedAt string
	Holders   []string
}

func getLease(id int64) (*Lease, error) {
	var l Lease
	has, err := x.ID(id).Get(&l)
	if err != nil || !has {
		return nil, err
	}
	return &l, nil
}

func updateLease(id int64, l *Lease) (bool, error) {
	n, err := x.ID(id).Update(l)
	return n != 0, err
}

func AddHolder(id int64, h string) (bool, error) {
	l, err := getLease(id)
	if err != nil || l == nil {
		return false, err
	}
	l.Holders = append(l.Holders, h)
	return updateLease(id, l) // want `stale row written back on lease\(started_at\)`
}

func Renew(id int64, now string) (bool, error) {
	l, err := getLease(id)
	if err != nil || l == nil {
		return false, err
	}
	l.StartedAt = now
	return updateLease(id, l) // want `stale row written back on lease\(holders\)`
}
