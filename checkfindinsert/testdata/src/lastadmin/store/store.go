// Package store keeps the operators of a console in gorm.
package store

import "gorm.io/gorm"

type Operator struct {
	ID    uint `gorm:"primaryKey"`
	Login string
	Root  bool
}

type Store struct{ DB *gorm.DB }

// CountOperators counts the operators matching a condition struct or
// fragment.
func (s *Store) CountOperators(cond ...any) (int64, error) {
	n := int64(-1)
	q := s.DB.Model(new(Operator))
	if len(cond) == 1 {
		q = q.Where(cond[0])
	} else if len(cond) > 1 {
		q = q.Where(cond[0], cond[1:]...)
	}
	err := q.Count(&n).Error
	return n, err
}

func (s *Store) OperatorByID(id uint) (*Operator, error) {
	op := new(Operator)
	err := s.DB.Where("id = ?", id).First(op).Error
	if err == gorm.ErrRecordNotFound {
		return nil, nil
	}
	return op, err
}

func (s *Store) RemoveOperator(id uint) error {
	return s.DB.Where("id = ?", id).Delete(&Operator{}).Error
}

func (s *Store) SaveOperator(op *Operator) error {
	return s.DB.Save(op).Error
}

// RemoveAll deletes the operators of a login, each as it was read.
func (s *Store) RemoveAll(login string) error {
	var ops []*Operator
	if err := s.DB.Where("login = ?", login).Find(&ops).Error; err != nil {
		return err
	}
	for _, op := range ops {
		if err := s.DB.Delete(op).Error; err != nil {
			return err
		}
	}
	return nil
}
