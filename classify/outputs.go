package classify

import (
	"errors"

	"google.golang.org/protobuf/encoding/protowire"
)

// Field numbers in onnx.proto: ModelProto.graph, GraphProto.output and
// ValueInfoProto.name.
const (
	modelGraph  = 7
	graphOutput = 12
	valueName   = 1
)

// outputNames lists the names of a model's graph outputs, in order, read
// straight from the protobuf: OpenCV must be asked for outputs by name,
// and asking it for one the model lacks aborts the process.
func outputNames(model []byte) ([]string, error) {
	graphs, err := fields(model, modelGraph)
	if err != nil {
		return nil, err
	}
	if len(graphs) == 0 {
		return nil, errors.New("model has no graph")
	}
	outputs, err := fields(graphs[0], graphOutput)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, o := range outputs {
		name, err := fields(o, valueName)
		if err != nil {
			return nil, err
		}
		if len(name) == 0 {
			return nil, errors.New("graph output without a name")
		}
		names = append(names, string(name[0]))
	}
	if len(names) == 0 {
		return nil, errors.New("model has no outputs")
	}
	return names, nil
}

// fields returns the bytes of every length-delimited field num of msg, in
// order, checking that the whole message parses.
func fields(msg []byte, num protowire.Number) ([][]byte, error) {
	var out [][]byte
	for len(msg) > 0 {
		n, typ, k := protowire.ConsumeTag(msg)
		if k < 0 {
			return nil, errors.New("malformed protobuf")
		}
		msg = msg[k:]
		m := protowire.ConsumeFieldValue(n, typ, msg)
		if m < 0 {
			return nil, errors.New("malformed protobuf")
		}
		if n == num && typ == protowire.BytesType {
			v, _ := protowire.ConsumeBytes(msg)
			out = append(out, v)
		}
		msg = msg[m:]
	}
	return out, nil
}
