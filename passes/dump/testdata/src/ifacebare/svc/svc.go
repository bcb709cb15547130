package svc

import (
	"context"

	"ifacebare/customer"
)

func Rename(ctx context.Context, repo customer.Repository, coupons customer.CouponRepo, id, key, name string) error {
	c, err := repo.Get(ctx, id) // want `select customers where id=\$id reads id->Get\(\)#0\.ID,lookup_key->Get\(\)#0\.LookupKey,name->Get\(\)#0\.Name on ctx#ctxtx; found\? err\(\*NotFound\*\); via customer\.Repository\.Get at implementation not visible; heuristic`
	if err != nil {
		return err
	}
	if _, err := repo.GetByLookupKey(ctx, key); err == nil { // want `select customers where lookup_key=\$key reads .* via customer\.Repository\.GetByLookupKey at implementation not visible; heuristic`
		return nil
	}
	if ok, _ := coupons.ExistsByCode(ctx, key); ok { // want `select exists coupons where code=\$key on ctx#ctxtx; found\? bool; via customer\.CouponRepo\.ExistsByCode at implementation not visible; heuristic`
		return nil
	}
	c.Name = name
	if err := repo.Update(ctx, c); err != nil { // want `update customers set lookup_key=\$Get\(\)#0\.LookupKey,name=\$name where id=\$Get\(\)#0\.ID on ctx#ctxtx; via customer\.Repository\.Update at implementation not visible; heuristic`
		return err
	}
	if _, err := repo.List(ctx); err != nil {
		return err
	}
	return repo.Create(ctx, &customer.Customer{LookupKey: key}) // want `insert customers set lookup_key=\$key on ctx#ctxtx; via customer\.Repository\.Create at implementation not visible; heuristic`
}
