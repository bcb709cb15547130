package entcase

import (
	"context"

	"entfixture/ent"
	"entfixture/ent/member"
)

func Lookup(ctx context.Context, client *ent.Client, email string) (*ent.Member, error) {
	m, err := client.Member.Query().Where(member.EmailEQ(email)).Only(ctx) // want `select members where email=\$email reads id\->Only\(\)#0\.ID,email\->Only\(\)#0\.Email,credits\->Only\(\)#0\.Credits,status\->Only\(\)#0\.Status on client\.Member; found\? err\(ent\.IsNotFound\)`
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return m, err
}

func Exists(ctx context.Context, client *ent.Client, email string) (bool, error) {
	return client.Member.Query().Where(member.Email(email)).Exist(ctx) // want `select exists members where email=\$email on client\.Member; found\? bool`
}

func Insert(ctx context.Context, client *ent.Client, email string) error {
	return client.Member.Create().SetEmail(email).OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx) // want `insert members set email=\$email conflict=donothing\(email\) on client\.Member`
}

func Absolute(ctx context.Context, client *ent.Client, id int, credits int64) error {
	_, err := client.Member.UpdateOneID(id).SetCredits(credits).Save(ctx) // want `update members set credits=\$credits where id=\$id on client\.Member; rows checked`
	return err
}

func Atomic(ctx context.Context, client *ent.Client, id int, n int64) error {
	return client.Member.UpdateOneID(id).AddCredits(n).Exec(ctx) // want `update members set credits=atomic\(credits \+ \?\) where id=\$id on client\.Member; rows checked`
}

func CompareAndSet(ctx context.Context, client *ent.Client, id int) (bool, error) {
	n, err := client.Member.Update().Where(member.ID(id), member.StatusEQ("active")).SetStatus("frozen").Save(ctx) // want `update members set status="frozen" where id=\$id,status=\$"active" on client\.Member; found\? count; rows checked`
	return n == 1, err
}

func Tx(ctx context.Context, client *ent.Client, id int) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	m, err := tx.Member.Query().Where(member.ID(id)).ForUpdate().Only(ctx) // want `select members where id=\$id reads .* lock=update on Tx\(\)#0\.Member; found\? err\(ent\.IsNotFound\); in explicit tx`
	if err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.Member.Delete().Where(member.ID(m.ID)).Exec(ctx); err != nil { // want `delete members where id=\$Only\(\)#0\.ID on Tx\(\)#0\.Member; in explicit tx`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// InsertOptional sets some fields only when the caller gave them: the
// builder is reassigned under ifs and saved through the phi.
func InsertOptional(ctx context.Context, client *ent.Client, email string, credits *int64, status string) error {
	create := client.Member.Create().SetEmail(email)
	if credits != nil {
		create = create.SetCredits(*credits)
	}
	if status != "" {
		create = create.SetStatus(status)
	}
	_, err := create.Save(ctx) // want `insert members set email=\$email,credits=\$credits,status=\$status on client\.Member; partial`
	return err
}

// UpdateOptional is the same for an update of one row.
func UpdateOptional(ctx context.Context, client *ent.Client, id int, credits *int64) error {
	upd := client.Member.UpdateOneID(id)
	if credits != nil {
		upd = upd.SetCredits(*credits)
	}
	return upd.Exec(ctx) // want `update members set credits=\$credits where id=\$id on client\.Member; rows checked; partial`
}

type loadStatus struct{}

// withStatus is the application's eager-loading helper: it takes the
// query and gives it back, perhaps with more calls made on it.
func withStatus(ctx context.Context, q *ent.MemberQuery) *ent.MemberQuery {
	if _, ok := ctx.Value(loadStatus{}).(bool); ok {
		q = q.Where(member.StatusEQ("active"))
	}
	return q
}

// ThroughHelper runs a lookup through the helper; the helper's own calls are
// not read, so the statement is partial.
func ThroughHelper(ctx context.Context, client *ent.Client, id int) (*ent.Member, error) {
	return withStatus(ctx, client.Member.Query().Where(member.ID(id))).Only(ctx) // want `select members where id=\$id reads .* on client\.Member; found\? err\(ent\.IsNotFound\); partial`
}

// HelperThenWhere calls the helper before the key is given.
func HelperThenWhere(ctx context.Context, client *ent.Client, email string) (*ent.Member, error) {
	return withStatus(ctx, client.Member.Query()).Where(member.EmailEQ(email)).Only(ctx) // want `select members where email=\$email reads .* on client\.Member; found\? err\(ent\.IsNotFound\); partial`
}

// ImportAll inserts the rows of builders collected in a slice, in one
// statement, as flexprice's repositories do.
func ImportAll(ctx context.Context, client *ent.Client, emails []string, credits []*int64) error {
	builders := make([]*ent.MemberCreate, len(emails))
	for i, e := range emails {
		builders[i] = client.Member.Create().SetEmail(e).SetStatus("invited")
		if credits[i] != nil {
			builders[i] = builders[i].SetCredits(*credits[i])
		}
	}
	_, err := client.Member.CreateBulk(builders...).Save(ctx) // want `insert members set email=\$t\d+,status="invited",credits=\$t\d+ on client\.Member`
	return err
}

// ImportNew appends the builders, and lets the database skip the rows
// whose email exists.
func ImportNew(ctx context.Context, client *ent.Client, emails []string) error {
	var builders []*ent.MemberCreate
	for _, e := range emails {
		builders = append(builders, client.Member.Create().SetEmail(e))
	}
	return client.Member.CreateBulk(builders...).OnConflictColumns(member.FieldEmail).DoNothing().Exec(ctx) // want `insert members set email=\$t\d+ conflict=donothing\(email\) on client\.Member`
}
