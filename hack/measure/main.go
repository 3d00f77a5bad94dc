//go:build unix

// Command measure runs a command and reports its wall time and peak memory,
// like `/usr/bin/time -v` but with nothing to install: hack/bench-codegen.sh
// builds it once and runs every generator under it.
//
// Usage:
//
//	measure [-o FILE] [-label LABEL] -- COMMAND [ARG...]
//
// The command's standard input, output and error are passed through. When it
// has ended, measure writes one line to FILE (appending; standard error when
// -o is not given):
//
//	label=LABEL wall_s=12.345 maxrss_kib=456789 user_s=20.1 sys_s=3.2 exit=0
//
// wall_s is the elapsed time from start to exit. maxrss_kib is the child's
// ru_maxrss as wait4(2) returns it: on Linux, in KiB, the largest resident set
// of the child and of the descendants it waited for (such as the `go list`
// that gengo-based generators run), which is what `/usr/bin/time -v` reports
// as "Maximum resident set size". measure exits with the command's exit
// status, so that a failing command fails the script that measured it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

func main() {
	out := flag.String("o", "", "append the result line to this file instead of standard error")
	label := flag.String("label", "", "label written at the start of the result line (no spaces)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: measure [-o FILE] [-label LABEL] -- COMMAND [ARG...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || strings.ContainsAny(*label, " \t\n") {
		flag.Usage()
		os.Exit(2)
	}

	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		// The command did not start (not found, not executable).
		fmt.Fprintf(os.Stderr, "measure: %v\n", err)
		os.Exit(127)
	}

	state := cmd.ProcessState
	ru, ok := state.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(os.Stderr, "measure: no resource usage on this system")
		os.Exit(1)
	}
	line := fmt.Sprintf("label=%s wall_s=%.3f maxrss_kib=%d user_s=%.3f sys_s=%.3f exit=%d\n",
		*label, wall.Seconds(), ru.Maxrss, state.UserTime().Seconds(), state.SystemTime().Seconds(), state.ExitCode())

	if *out == "" {
		fmt.Fprint(os.Stderr, line)
	} else {
		f, err := os.OpenFile(*out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintf(os.Stderr, "measure: %v\n", err)
			os.Exit(1)
		}
		_, err = io.WriteString(f, line)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "measure: %v\n", err)
			os.Exit(1)
		}
	}

	code := state.ExitCode()
	if code < 0 {
		// Killed by a signal.
		code = 1
	}
	os.Exit(code)
}
