// Package desktop holds the freedesktop entry `make install` installs; its
// test keeps the entry in step with FyneApp.toml, which the app itself reads.
package desktop

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// keyValues reads "key = value" (TOML) or "Key=Value" (desktop entry) lines,
// the flat subset both files use; sections are not told apart, since no key
// repeats across them.
func keyValues(t *testing.T, path, sep string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kv := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), sep)
		if ok && !strings.HasPrefix(strings.TrimSpace(k), "#") {
			kv[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return kv
}

// tomlList turns `["a", "b"]` into "a;b;", the desktop entry's list form.
func tomlList(v string) string {
	var out strings.Builder
	for _, item := range strings.Split(strings.Trim(v, "[]"), ",") {
		out.WriteString(strings.Trim(strings.TrimSpace(item), `"`) + ";")
	}
	return out.String()
}

func TestEntryMatchesFyneApp(t *testing.T) {
	app := keyValues(t, "../FyneApp.toml", "=")
	entry := keyValues(t, "io.github.binocle.desktop", "=")
	unquote := func(s string) string { return strings.Trim(s, `"`) }
	tests := []struct{ key, got, want string }{
		{"Type", entry["Type"], "Application"},
		{"Name", entry["Name"], unquote(app["Name"])},
		{"GenericName", entry["GenericName"], unquote(app["GenericName"])},
		{"Comment", entry["Comment"], unquote(app["Comment"])},
		{"Icon", entry["Icon"], unquote(app["ID"])},
		{"Categories", entry["Categories"], tomlList(app["Categories"])},
		{"Keywords", entry["Keywords"], tomlList(app["Keywords"])},
		// %f: "Open with Binocle" hands over one local file, as `binocle FILE` takes.
		{"Exec", entry["Exec"], "binocle %f"},
		// The formats the reader decodes; GIF is not one.
		{"MimeType", entry["MimeType"], "image/jpeg;image/png;image/webp;image/bmp;image/tiff;"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %q, want %q", tt.key, tt.got, tt.want)
		}
	}
	if _, err := os.Stat("../" + unquote(app["Icon"])); err != nil {
		t.Errorf("FyneApp.toml's icon: %v", err)
	}
}
