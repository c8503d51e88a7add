package classify

import (
	"fmt"
	"image"
	"slices"

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
	blob, err := inputBlob(input, n, e.crop)
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

// inputBlob copies the first n crops of input into a blob in OpenCV's
// own memory. gocv's NewMatWithSizesFromBytes would wrap input where it
// lies and keep no Go reference to it: OpenCV 4.6's SetInput copies the
// blob at once, so only the moment between the two calls was exposed,
// but cgo lets C keep no Go pointer past the call that passed it, and the
// copy costs no time measurable beside the network's (BenchmarkClassify).
func inputBlob(input []float32, n int, crop image.Point) (gocv.Mat, error) {
	size := n * crop.X * crop.Y
	if n <= 0 || len(input) < size {
		return gocv.Mat{}, fmt.Errorf("input of %d values for %d crops of %dx%d", len(input), n, crop.X, crop.Y)
	}
	blob := gocv.NewMatWithSizes([]int{n, 1, crop.Y, crop.X}, gocv.MatTypeCV32F)
	data, err := blob.DataPtrFloat32()
	if err != nil {
		blob.Close()
		return gocv.Mat{}, err
	}
	if len(data) != size {
		blob.Close()
		return gocv.Mat{}, fmt.Errorf("input blob of %d values for %d", len(data), size)
	}
	copy(data, input[:size])
	return blob, nil
}
