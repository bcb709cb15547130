package iface

import "context"

type Users interface {
	FindUserByEmail(ctx context.Context, email string) (*User, error)
	InsertUser(ctx context.Context, u *User) error
	CountOrdersByUserID(ctx context.Context, userID int64) (int, error)
}

type User struct {
	ID    int64
	Email string
}

func Use(ctx context.Context, us Users, email string) error {
	if _, err := us.FindUserByEmail(ctx, email); err != nil { // want `select users where email=\$email on ctx#ctxtx; found\? err\(\*NotFound\*\); via iface\.Users\.FindUserByEmail at implementation not visible; heuristic`
		return err
	}
	if _, err := us.CountOrdersByUserID(ctx, 3); err != nil { // want `select count orders where user_id=\$3 on ctx#ctxtx; found\? count; via iface\.Users\.CountOrdersByUserID at implementation not visible; heuristic`
		return err
	}
	return us.InsertUser(ctx, &User{Email: email}) // want `insert users set email=\$email on ctx#ctxtx; via iface\.Users\.InsertUser at implementation not visible; heuristic`
}
