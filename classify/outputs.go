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
	graph, err := field(model, modelGraph)
	if err != nil {
		return nil, err
	}
	var names []string
	for len(graph) > 0 {
		num, typ, n := protowire.ConsumeTag(graph)
		if n < 0 {
			return nil, errors.New("malformed graph")
		}
		graph = graph[n:]
		if num == graphOutput && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(graph)
			if m < 0 {
				return nil, errors.New("malformed graph output")
			}
			name, err := field(v, valueName)
			if err != nil {
				return nil, err
			}
			names = append(names, string(name))
			graph = graph[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(num, typ, graph)
		if m < 0 {
			return nil, errors.New("malformed graph")
		}
		graph = graph[m:]
	}
	if len(names) == 0 {
		return nil, errors.New("model has no outputs")
	}
	return names, nil
}

// field returns the bytes of the first length-delimited field num of msg.
func field(msg []byte, num protowire.Number) ([]byte, error) {
	for len(msg) > 0 {
		n, typ, k := protowire.ConsumeTag(msg)
		if k < 0 {
			return nil, errors.New("malformed protobuf")
		}
		msg = msg[k:]
		if n == num && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(msg)
			if m < 0 {
				return nil, errors.New("malformed protobuf")
			}
			return v, nil
		}
		m := protowire.ConsumeFieldValue(n, typ, msg)
		if m < 0 {
			return nil, errors.New("malformed protobuf")
		}
		msg = msg[m:]
	}
	return nil, errors.New("field not found")
}
