package fenscan

import (
	"encoding/binary"

	"gocv.io/x/gocv"
)

// jpegOrientation returns the EXIF Orientation (1-8) of a JPEG file, or 1
// when it has none or it cannot be read: phones store photos as the sensor
// saw them and record how to turn them upright in this tag.
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	i := 2
	for i+4 <= len(data) && data[i] == 0xFF {
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // image data: no more metadata
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 from the first IFD of a TIFF structure.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[off:]))
	for k := 0; k < count; k++ {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) == 0x0112 {
			if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient turns m upright in place as EXIF orientation o says.
func orient(m *gocv.Mat, o int) {
	turn := func(code gocv.RotateFlag) {
		out := gocv.NewMat()
		gocv.Rotate(*m, &out, code)
		m.Close()
		*m = out
	}
	flip := func(code int) {
		out := gocv.NewMat()
		gocv.Flip(*m, &out, code)
		m.Close()
		*m = out
	}
	switch o {
	case 2:
		flip(1)
	case 3:
		turn(gocv.Rotate180Clockwise)
	case 4:
		flip(0)
	case 5: // transpose
		turn(gocv.Rotate90Clockwise)
		flip(1)
	case 6:
		turn(gocv.Rotate90Clockwise)
	case 7: // transverse
		turn(gocv.Rotate90CounterClockwise)
		flip(1)
	case 8:
		turn(gocv.Rotate90CounterClockwise)
	}
}
