// Package validate is a stand-in for github.com/gobuffalo/validate/v3:
// the validation errors pop's ValidateAndCreate/Update/Save return.
package validate

// Errors are a model's validation errors, by field.
type Errors struct {
	Errors map[string][]string
}

// HasAny reports whether there are errors.
func (v *Errors) HasAny() bool { return v != nil && len(v.Errors) > 0 }
