//go:build !unix

package testfs

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs on this platform") }
