package sqltext

// Parse returns the summary of the first statement of text (statements are
// separated by semicolons outside quotes and comments). The result is cached
// and shared: callers must not modify it. Parse is safe for concurrent use.
func Parse(text string) *Stmt {
	panic("TODO: implemented by the scanner")
}

// ParseAll returns the summaries of every statement of a script, in order,
// skipping empty statements.
func ParseAll(text string) []*Stmt {
	panic("TODO: implemented by the scanner")
}

// ParseCondition summarizes an ORM WHERE fragment such as
// "email = ? AND deleted_at IS NULL" or "id = @id".
func ParseCondition(text string) *Fragment {
	panic("TODO: implemented by the scanner")
}

// ParseExpr summarizes an ORM expression fragment such as "stock - ?" or
// "view_count + 1".
func ParseExpr(text string) *Fragment {
	panic("TODO: implemented by the scanner")
}
