// Package api serves the operators of a console: an operator cannot be
// removed or demoted when it is the last root.
package api

import (
	"errors"
	"strconv"

	"github.com/gin-gonic/gin"

	"lastadmin/store"
)

type Database interface {
	CountOperators(cond ...any) (int64, error)
	OperatorByID(id uint) (*store.Operator, error)
	RemoveOperator(id uint) error
	SaveOperator(op *store.Operator) error
}

type API struct{ DB Database }

type change struct {
	Login string
	Root  bool
}

func idOf(c *gin.Context) uint {
	n, _ := strconv.Atoi(c.Param("id"))
	return uint(n)
}

// Remove refuses to remove the last root: two requests removing the two
// last roots both count two and both remove one.
func (a *API) Remove(c *gin.Context) {
	id := idOf(c)
	op, err := a.DB.OperatorByID(id)
	if err != nil || op == nil {
		c.JSON(404, nil)
		return
	}
	roots, err := a.DB.CountOperators(&store.Operator{Root: true})
	if err != nil {
		c.JSON(500, nil)
		return
	}
	if op.Root && roots == 1 {
		c.AbortWithError(400, errors.New("cannot remove the last root"))
		return
	}
	if err := a.DB.RemoveOperator(id); err != nil { // want `count-then-delete on operators\(root\)`
		c.JSON(500, nil)
	}
}

// Demote refuses to demote the last root, then writes the row back with
// the root flag from the request.
func (a *API) Demote(c *gin.Context) {
	var req change
	if err := c.ShouldBindJSON(&req); err != nil {
		return
	}
	op, err := a.DB.OperatorByID(idOf(c))
	if err != nil || op == nil {
		c.JSON(404, nil)
		return
	}
	roots, err := a.DB.CountOperators(&store.Operator{Root: true})
	if err != nil {
		c.JSON(500, nil)
		return
	}
	if !req.Root && op.Root && roots == 1 {
		c.AbortWithError(400, errors.New("cannot demote the last root"))
		return
	}
	op.Login = req.Login
	op.Root = req.Root
	if err := a.DB.SaveOperator(op); err != nil { // want `count-then-update on operators\(root\)`
		c.JSON(500, nil)
	}
}

// Rename counts the roots too, but its write keeps the root flag it read:
// no row leaves the counted set.
func (a *API) Rename(c *gin.Context) {
	var req change
	if err := c.ShouldBindJSON(&req); err != nil {
		return
	}
	op, err := a.DB.OperatorByID(idOf(c))
	if err != nil || op == nil {
		return
	}
	roots, err := a.DB.CountOperators(&store.Operator{Root: true})
	if err != nil {
		return
	}
	if roots == 1 {
		c.AbortWithError(400, errors.New("last root"))
		return
	}
	op.Login = req.Login
	a.DB.SaveOperator(op)
}

// Promote counts the roots and sets the flag the count counts: the row
// joins the set, it does not leave it.
func (a *API) Promote(c *gin.Context) {
	op, err := a.DB.OperatorByID(idOf(c))
	if err != nil || op == nil {
		return
	}
	roots, err := a.DB.CountOperators(&store.Operator{Root: true})
	if err != nil {
		return
	}
	if roots == 1 {
		c.AbortWithError(400, errors.New("last root"))
		return
	}
	op.Root = true
	a.DB.SaveOperator(op)
}

// Trim drops the oldest operator whenever more than one is stored: the
// side at the bound refuses nothing, it only skips.
func (a *API) Trim(c *gin.Context) {
	n, err := a.DB.CountOperators(&store.Operator{Root: true})
	if err != nil {
		return
	}
	if n > 1 {
		a.DB.RemoveOperator(idOf(c))
	}
	c.JSON(200, nil)
}
