package classify

import (
	"errors"
	"fmt"
	"slices"
)

// Validate checks that model is an ONNX network this package can run: it
// parses, every operator is supported, and it takes one board's crops,
// [64,1,32,32]. Loading a malformed file into OpenCV aborts the process
// (gocv does not turn C++ exceptions into errors), so New calls Validate
// before any runtime sees the bytes.
func Validate(model []byte) error {
	if len(model) == 0 {
		return errors.New("classify: model file is empty")
	}
	if _, err := outputNames(model); err != nil {
		return fmt.Errorf("classify: not a usable ONNX model: %w", err)
	}
	e, err := decode(model)
	if err != nil {
		return fmt.Errorf("classify: not a usable ONNX model: %w", err)
	}
	ins := e.model.GetInputTensors()
	if len(ins) != 1 || ins[0] == nil {
		return fmt.Errorf("classify: model has %d inputs, want 1", len(ins))
	}
	want := []int{Batch, 1, CropSize, CropSize}
	if got := []int(ins[0].Shape()); !slices.Equal(got, want) {
		return fmt.Errorf("classify: model input shape is %v, want %v", got, want)
	}
	return nil
}
