package ginsvc

import "github.com/gin-gonic/gin"

func register(r *gin.Engine) { // want `no caller in view`
	r.POST("/orders", createOrder)
}

func createOrder(c *gin.Context) { // want `yes: a gin HTTP handler \(ginsvc.createOrder\)`
	insert()
}

func insert() {} // want `yes: reached from a gin HTTP handler`
