//go:build !unix

package main

import "os"

// tryLock reports false: without flock, flowWorkDir uses a temporary folder.
func tryLock(*os.File) bool { return false }
