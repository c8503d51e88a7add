package classify

import (
	"fmt"
	"image"
	"slices"
	"unsafe"

	"gocv.io/x/gocv"
)

// Output names of the network: the class logits, and the features of
// each crop from the penultimate layer.
const (
	logitsName    = "logits"
	embeddingName = "embedding"
)

type opencvEngine struct {
	net     gocv.Net
	outputs []string
	crop    image.Point
}

func newOpenCV(model []byte, outputs []string, crop image.Point) (engine, error) {
	net, err := gocv.ReadNetFromONNXBytes(model)
	if err != nil {
		return nil, fmt.Errorf("opencv: %w", err)
	}
	if net.Empty() {
		return nil, fmt.Errorf("opencv: model did not load")
	}
	return &opencvEngine{net: net, outputs: outputs, crop: crop}, nil
}

// run feeds OpenCV a batch of n: it sizes the network to its input, so
// the squares left out cost nothing.
func (e *opencvEngine) run(input []float32, n int) ([][]float32, error) {
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&input[0])), len(input)*4)
	blob, err := gocv.NewMatWithSizesFromBytes([]int{n, 1, e.crop.Y, e.crop.X}, gocv.MatTypeCV32F, raw)
	if err != nil {
		return nil, fmt.Errorf("opencv: %w", err)
	}
	defer blob.Close()
	e.net.SetInput(blob, "")
	mats := e.net.ForwardLayers(e.outputs)
	defer func() {
		for _, m := range mats {
			m.Close()
		}
	}()
	outs := make([][]float32, len(mats))
	for i, m := range mats {
		data, err := m.DataPtrFloat32()
		if err != nil {
			return nil, fmt.Errorf("opencv: output %s: %w", e.outputs[i], err)
		}
		outs[i] = slices.Clone(data)
	}
	return outs, nil
}

func (e *opencvEngine) close() { e.net.Close() }
