package vision

import "errors"

// rereadFull reads data decoded at full size, for a picture whose reduced
// decode d showed no grid. A small grid with light lines in a big photo
// keeps its lines only at the decoded resolution: the DCT-reduced decode
// blurs them into the paper, and locate's fine retry (locate.go) can only
// look at what it is given. Only a miss pays for the second decode.
func rereadFull(data []byte, d *decodedImage, err error) (*Reading, error) {
	if !errors.Is(err, ErrNoGrid) || d == nil || d.scale <= 1 {
		return nil, err
	}
	full, ferr := decodeImage(data, 1)
	if ferr != nil {
		return nil, err
	}
	defer full.mat.Close()
	r, ferr := readScaled(full.mat, full.scale, full.width, full.height)
	if ferr != nil {
		return nil, err
	}
	r.Evidence.FullDecode = true
	return r, nil
}
