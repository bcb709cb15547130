package apis

import "testing"

func TestDescribed(t *testing.T) {
	for _, path := range []string{
		"github.com/Masterminds/squirrel", "github.com/jinzhu/gorm", "github.com/jinzhu/gorm/dialects/postgres",
		"github.com/jackc/pgx/v4/pgxpool", "github.com/jackc/pgconn", "github.com/uptrace/bun/dialect/pgdialect",
		"entgo.io/ent/dialect/sql", "github.com/gobuffalo/pop/v6", "github.com/gobuffalo/pop/v6/columns", "github.com/gobuffalo/validate/v3", "github.com/gobuffalo/flect/name",
		"github.com/doug-martin/goqu/v9", "xorm.io/xorm", "github.com/knadh/goyesql/v2",
		"github.com/volatiletech/sqlboiler/v4/queries/qm", "github.com/aarondl/sqlboiler/v4/boil", "github.com/volatiletech/null/v8",
		"gopkg.in/gomail.v2", "github.com/ory/mail/v3", "github.com/wneessen/go-mail", "github.com/jordan-wright/email",
		"github.com/mailgun/mailgun-go/v4", "github.com/resend/resend-go/v2",
	} {
		if !Described(path) || !Library(path) {
			t.Errorf("%s is not a described library", path)
		}
	}
	for _, path := range []string{"github.com/uptrace/bunrouter", "github.com/gobuffalo/buffalo", "example.com/app/ent", "github.com/acme/gormish"} {
		if Described(path) {
			t.Errorf("%s is described, but is not a library idemvet knows", path)
		}
	}
}
