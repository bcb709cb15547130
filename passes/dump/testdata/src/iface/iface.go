package iface

import "context"

type Users interface {
	FindUserByEmail(ctx context.Context, email string) (*User, error)
	InsertUser(ctx context.Context, u *User) error
	CountOrdersByUserID(ctx context.Context, userID int64) (int, error)
	UpdateUser(ctx context.Context, u *User) error
	UpdateUserEmail(ctx context.Context, id int64, email string) error
	SaveUserByEmail(ctx context.Context, email string, u *User) error
	UpdateFilter(ctx context.Context, f Filter) error
	UpdateLimits(ctx context.Context, max int) error
	UpdateUserCols(ctx context.Context, u *User, cols []string) error
}

type BadgeRepo interface {
	UpdateStatus(ctx context.Context, id int64, status int) error
}

type Tasks interface {
	UpdateStatus(ctx context.Context, id int64, status int) error
}

type User struct {
	ID    int64
	Email string
	Name  string `db:"display_name"`
}

type Filter struct {
	ID   int64
	Name string
}

func Use(ctx context.Context, us Users, email string) error {
	if _, err := us.FindUserByEmail(ctx, email); err != nil { // want `select users where email=\$email reads id->FindUserByEmail\(\)#0\.ID,email->FindUserByEmail\(\)#0\.Email,display_name->FindUserByEmail\(\)#0\.Name on ctx#ctxtx; found\? err\(\*NotFound\*\); via iface\.Users\.FindUserByEmail at implementation not visible; heuristic`
		return err
	}
	if _, err := us.CountOrdersByUserID(ctx, 3); err != nil { // want `select count orders where user_id=\$3 on ctx#ctxtx; found\? count; via iface\.Users\.CountOrdersByUserID at implementation not visible; heuristic`
		return err
	}
	return us.InsertUser(ctx, &User{Email: email}) // want `insert users set email=\$email on ctx#ctxtx; via iface\.Users\.InsertUser at implementation not visible; heuristic`
}

// Updates: a struct pointer is the row (keyed by its ID, or by what the
// name says), scalar parameters are columns; a struct by value, or no
// key, is no guess.
func Edit(ctx context.Context, us Users, u *User, id int64, email string) error {
	if err := us.UpdateUser(ctx, u); err != nil { // want `update users set email=\$u\.Email,display_name=\$u\.Name where id=\$u\.ID on ctx#ctxtx; via iface\.Users\.UpdateUser at implementation not visible; heuristic`
		return err
	}
	if err := us.UpdateUser(ctx, &User{ID: id, Name: "x"}); err != nil { // want `update users set display_name=\$"x" where id=\$id on ctx#ctxtx; via iface\.Users\.UpdateUser at implementation not visible; heuristic`
		return err
	}
	if err := us.UpdateUserEmail(ctx, id, email); err != nil { // want `update users set email=\$email where id=\$id on ctx#ctxtx; via iface\.Users\.UpdateUserEmail at implementation not visible; heuristic`
		return err
	}
	if err := us.SaveUserByEmail(ctx, email, u); err != nil { // want `update users set display_name=\$u\.Name where email=\$email on ctx#ctxtx; via iface\.Users\.SaveUserByEmail at implementation not visible; heuristic`
		return err
	}
	if err := us.UpdateFilter(ctx, Filter{ID: id}); err != nil {
		return err
	}
	if err := us.UpdateUserCols(ctx, u, []string{"email"}); err != nil { // want `update users set email=\$u\.Email,display_name=\$u\.Name where id=\$u\.ID on ctx#ctxtx; via iface\.Users\.UpdateUserCols at implementation not visible; heuristic`
		return err
	}
	return us.UpdateLimits(ctx, 3)
}

// A name that is only the column: the repository's entity, or nothing.
func Status(ctx context.Context, br BadgeRepo, ts Tasks, id int64) error {
	if err := br.UpdateStatus(ctx, id, 2); err != nil { // want `update badges set status=\$2 where id=\$id on ctx#ctxtx; via iface\.BadgeRepo\.UpdateStatus at implementation not visible; heuristic`
		return err
	}
	return ts.UpdateStatus(ctx, id, 2)
}
