package classify

import (
	"fmt"
	"slices"
	"unsafe"

	"gocv.io/x/gocv"
)

// logitsName is the network output that holds the class logits; a model
// may add others (an embedding of each crop) after it.
const logitsName = "logits"

type opencvEngine struct {
	net    gocv.Net
	output string
}

func newOpenCV(model []byte) (engine, error) {
	net, err := gocv.ReadNetFromONNXBytes(model)
	if err != nil {
		return nil, fmt.Errorf("opencv: %w", err)
	}
	if net.Empty() {
		return nil, fmt.Errorf("opencv: model did not load")
	}
	// Asking OpenCV for a layer it does not have aborts the process, so
	// name the logits only when the model has them; otherwise take its
	// default output.
	e := &opencvEngine{net: net}
	if slices.Contains(net.GetLayerNames(), logitsName) {
		e.output = logitsName
	}
	return e, nil
}

func (e *opencvEngine) run(input []float32) ([]float32, error) {
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&input[0])), len(input)*4)
	blob, err := gocv.NewMatWithSizesFromBytes([]int{Batch, 1, CropSize, CropSize}, gocv.MatTypeCV32F, raw)
	if err != nil {
		return nil, fmt.Errorf("opencv: %w", err)
	}
	defer blob.Close()
	e.net.SetInput(blob, "")
	out := e.net.Forward(e.output)
	defer out.Close()
	data, err := out.DataPtrFloat32()
	if err != nil {
		return nil, fmt.Errorf("opencv: %w", err)
	}
	return slices.Clone(data), nil
}

func (e *opencvEngine) close() { e.net.Close() }
