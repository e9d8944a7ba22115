package httpapi

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// readmeCurl matches a README console line that posts a JSON body, and
// captures the path and the body.
var readmeCurl = regexp.MustCompile(`^\$ curl -s localhost:8080(/[a-z]+) --json '(.*)'$`)

// TestReadmeRulesExamples replays the curl commands of the README's "Rules
// and variants" section and checks that each printed answer is exactly
// the handler's, so the documentation cannot go stale.
func TestReadmeRulesExamples(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatalf("read README: %v", err)
	}
	_, section, ok := strings.Cut(string(src), "\n## Rules and variants\n")
	if !ok {
		t.Fatal(`README has no "## Rules and variants" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	h := NewAPI(Config{})
	lines := strings.Split(section, "\n")
	checked := 0
	for i, line := range lines {
		m := readmeCurl.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if i+1 >= len(lines) {
			t.Fatalf("README: %q has no output line", line)
		}
		rec := post(t, h, m[1], m[2])
		if got, want := strings.TrimSuffix(rec.Body.String(), "\n"), lines[i+1]; got != want {
			t.Errorf("README: %s\nprints  %s\nanswer  %s", line, want, got)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("checked %d curl examples in the README's rules section, want at least 5", checked)
	}
}
