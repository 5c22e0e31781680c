package adcpimpl

import (
	"testing"
	"time"
)

// validDateRef is what validDate replaces.
func validDateRef(d string) bool {
	_, err := time.Parse("2006-01-02", d)
	return err == nil
}

// TestValidDateMatchesTime: validDate accepts exactly what
// time.Parse("2006-01-02", …) accepts, over every month and day of leap,
// common and century years and malformed fields.
func TestValidDateMatchesTime(t *testing.T) {
	years := []string{"0000", "0001", "0004", "0100", "0400", "1900", "2000", "2023", "2024", "9999", "+999", "-999", "20a4", " 202", "2_24"}
	fields := []string{"-1", "+1", "1a", "a1", " 1", "1 ", "٣"}
	for m := 0; m <= 14; m++ {
		fields = append(fields, string(rune('0'+m/10))+string(rune('0'+m%10)))
	}
	days := append([]string(nil), fields...)
	for d := 15; d <= 40; d++ {
		days = append(days, string(rune('0'+d/10))+string(rune('0'+d%10)))
	}
	n := 0
	for _, y := range years {
		for _, m := range fields {
			for _, d := range days {
				for _, s := range []string{y + "-" + m + "-" + d, y + "/" + m + "-" + d, y + "-" + m + "/" + d} {
					if got, want := validDate(s), validDateRef(s); got != want {
						t.Errorf("validDate(%q) = %v, time.Parse says %v", s, got, want)
					}
					n++
				}
			}
		}
	}
	if !validDate("2024-02-29") || validDate("2023-02-29") || validDate("1900-02-29") || !validDate("2000-02-29") {
		t.Error("leap years")
	}
	t.Logf("%d strings", n)
}

// FuzzValidDate compares validDate with time.Parse on arbitrary 10-byte
// strings.
func FuzzValidDate(f *testing.F) {
	for _, s := range []string{"2024-02-29", "2023-02-29", "0000-01-01", "9999-12-31", "2024-13-01", "2024-1-011"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) != 10 {
			return
		}
		if got, want := validDate(s), validDateRef(s); got != want {
			t.Fatalf("validDate(%q) = %v, time.Parse says %v", s, got, want)
		}
	})
}
