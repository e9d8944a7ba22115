package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestMaxInFlightShedsLoad starts judged with --max-in-flight=1, holds one
// judgment in flight, and checks over TCP that the next judgment is shed
// with a 503 overloaded problem and Retry-After while health checks still
// answer, and that judgments are served again once the slot is free.
func TestMaxInFlightShedsLoad(t *testing.T) {
	t.Parallel()
	s := start(t, "--max-in-flight=1")
	_, finish := holdRequest(t, s)

	resp, err := s.client.Post("http://"+s.api+"/tenpai", "application/json", strings.NewReader(`{"hand":"123m456s789p23pEE"}`))
	if err != nil {
		t.Fatalf("POST /tenpai: %v", err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("read /tenpai: %v", err)
	}
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" ||
		resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("POST /tenpai while saturated = %d, Retry-After %q, Content-Type %q; want 503, 1, application/problem+json",
			resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("Content-Type"))
	}
	var p struct {
		Type   string `json:"type"`
		Status int    `json:"status"`
		Detail string `json:"detail"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("problem %q: %v", body, err)
	}
	want := "https://judged.dev/problems/overloaded"
	if p.Type != want || p.Status != http.StatusServiceUnavailable || p.Detail != "the limit of 1 judgments in flight is reached; retry shortly" {
		t.Errorf("problem = %+v, want type %s, status 503 and the limit in the detail", p, want)
	}
	if code, _ := s.get(t, "http://"+s.api+"/healthz"); code != http.StatusOK {
		t.Errorf("GET /healthz while saturated = %d, want 200", code)
	}

	held := finish()
	held.Body.Close()
	if held.StatusCode != http.StatusOK {
		t.Errorf("held request = %d, want 200", held.StatusCode)
	}
	resp, err = s.client.Post("http://"+s.api+"/hu", "application/json", strings.NewReader(huBody))
	if err != nil {
		t.Fatalf("POST /hu: %v", err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("POST /hu after the slot freed = %d, want 200", resp.StatusCode)
	}
	checkJSON(t, string(body), huWant)
}
