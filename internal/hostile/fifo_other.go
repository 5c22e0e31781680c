//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package hostile

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs on this platform") }
