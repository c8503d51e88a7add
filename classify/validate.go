package classify

import (
	"errors"
	"fmt"
	"image"
)

// Validate checks that model is an ONNX network this package can run: it
// parses, every operator is supported, and it takes one board's grey
// crops, [64,1,H,W]. Loading a malformed file into OpenCV aborts the
// process (gocv does not turn C++ exceptions into errors), so New calls
// Validate before any runtime sees the bytes.
func Validate(model []byte) error {
	_, err := inputCrop(model)
	return err
}

// Crop sizes a model may take, in pixels on each side.
const minCrop, maxCrop = 8, 256

// inputCrop validates model and returns the width and height of the crops
// it takes.
func inputCrop(model []byte) (image.Point, error) {
	if len(model) == 0 {
		return image.Point{}, errors.New("classify: model file is empty")
	}
	if _, err := outputNames(model); err != nil {
		return image.Point{}, fmt.Errorf("classify: not a usable ONNX model: %w", err)
	}
	e, err := decode(model)
	if err != nil {
		return image.Point{}, fmt.Errorf("classify: not a usable ONNX model: %w", err)
	}
	ins := e.model.GetInputTensors()
	if len(ins) != 1 || ins[0] == nil {
		return image.Point{}, fmt.Errorf("classify: model has %d inputs, want 1", len(ins))
	}
	s := []int(ins[0].Shape())
	if len(s) != 4 || s[0] != Batch || s[1] != 1 ||
		s[2] < minCrop || s[2] > maxCrop || s[3] < minCrop || s[3] > maxCrop {
		return image.Point{}, fmt.Errorf("classify: model input shape is %v, want [%d 1 H W] with H and W from %d to %d",
			s, Batch, minCrop, maxCrop)
	}
	return image.Pt(s[3], s[2]), nil
}
