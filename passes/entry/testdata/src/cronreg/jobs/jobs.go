package jobs

import (
	"context"

	"cronreg/crontab"
)

func init() { // want `no: reached only from init`
	crontab.Register("trash", collect)
	crontab.Register("entities", func(ctx context.Context) { // want `yes: a cron schedule registered at jobs.go:\d+`
		sweep()
	})
	crontab.Every("@hourly", refresh)
	crontab.Keep("once", migrate)
}

func collect(ctx context.Context) {} // want `yes: a cron schedule registered at jobs.go:\d+`

func sweep() {} // want `yes: reached from a cron schedule`

func refresh() {} // want `yes: a cron schedule registered at jobs.go:\d+`

func migrate() {} // want `no: reached only from init|its value escapes`
