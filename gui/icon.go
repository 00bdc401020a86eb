package gui

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

//go:generate go run ./internal/icon -o icon.png

//go:embed icon.png
var iconPNG []byte

// appIcon is the window's and the desktop entry's icon, drawn by
// internal/icon.
var appIcon = fyne.NewStaticResource("icon.png", iconPNG)
