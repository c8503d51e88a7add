package classify

import (
	"errors"
	"fmt"
	"image"

	"github.com/owulveryck/onnx-go"
	"github.com/owulveryck/onnx-go/backend/x/gorgonnx"
	"gorgonia.org/tensor"
)

type onnxGoEngine struct {
	graph *gorgonnx.Graph
	model *onnx.Model
	crop  image.Point
}

// decode parses model with onnx-go. Gorgonia panics on some malformed
// graphs; the panic is turned into an error here so that it never crosses
// the package boundary.
func decode(model []byte) (e *onnxGoEngine, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("onnx-go: malformed model: %v", r)
		}
	}()
	g := gorgonnx.NewGraph()
	m := onnx.NewModel(g)
	if err := m.UnmarshalBinary(model); err != nil {
		return nil, fmt.Errorf("onnx-go: %w", err)
	}
	return &onnxGoEngine{graph: g, model: m}, nil
}

func newOnnxGo(model []byte, crop image.Point) (engine, error) {
	e, err := decode(model)
	if err != nil {
		return nil, err
	}
	e.crop = crop
	return e, nil
}

// run always feeds onnx-go a whole batch, padded with blank crops: it
// fixes the batch size on its first run. Only the first n rows come back.
func (e *onnxGoEngine) run(input []float32, n int) (out [][]float32, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("onnx-go: %v", r)
		}
	}()
	if n < Batch {
		input = append(input, make([]float32, (Batch-n)*e.crop.X*e.crop.Y)...)
	}
	t := tensor.New(tensor.WithShape(Batch, 1, e.crop.Y, e.crop.X), tensor.WithBacking(input))
	if err := e.model.SetInput(0, t); err != nil {
		return nil, fmt.Errorf("onnx-go: %w", err)
	}
	if err := e.graph.Run(); err != nil {
		return nil, fmt.Errorf("onnx-go: %w", err)
	}
	outs, err := e.model.GetOutputTensors()
	if err != nil {
		return nil, fmt.Errorf("onnx-go: %w", err)
	}
	if len(outs) == 0 {
		return nil, errors.New("onnx-go: model has no output")
	}
	for i, t := range outs {
		if t == nil {
			return nil, fmt.Errorf("onnx-go: output %d is missing", i)
		}
		data, ok := t.Data().([]float32)
		if !ok {
			return nil, fmt.Errorf("onnx-go: output %d is %T, want []float32", i, t.Data())
		}
		if len(data)%Batch != 0 {
			return nil, fmt.Errorf("onnx-go: output %d has %d values for %d crops", i, len(data), Batch)
		}
		out = append(out, append([]float32(nil), data[:len(data)/Batch*n]...))
	}
	return out, nil
}

func (e *onnxGoEngine) close() {}
