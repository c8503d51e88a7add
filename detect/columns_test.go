package detect

import (
	"math"
	"testing"
)

// lookAt projects board-space points (squares; z up) through a pinhole
// camera elev degrees above the board, in the direction az degrees, at
// distance dist squares from the board's centre and looking at it, with
// focal length f in units of a w x h picture's longer side.
func lookAt(elev, az, dist, f float64, w, h int) func(u, v, z float64) Point {
	e, a := elev*math.Pi/180, az*math.Pi/180
	centre := [3]float64{4, 4, 0}
	eye := add(centre, scale([3]float64{math.Cos(a) * math.Cos(e), math.Sin(a) * math.Cos(e), math.Sin(e)}, dist))
	fwd := sub3(centre, eye)
	fwd = scale(fwd, 1/norm(fwd))
	// The picture's right is level; straight down, any direction is.
	right := cross(fwd, [3]float64{0, 0, 1})
	if norm(right) < 1e-9 {
		right = [3]float64{1, 0, 0}
	}
	right = scale(right, 1/norm(right))
	down := cross(fwd, right)
	d := float64(max(w, h))
	return func(u, v, z float64) Point {
		p := sub3([3]float64{u, v, z}, eye)
		x, y, depth := dot(p, right), dot(p, down), dot(p, fwd)
		return Point{float64(w)/2 + d*f*x/depth, float64(h)/2 + d*f*y/depth}
	}
}

func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func boardCorners(project func(u, v, z float64) Point) [4]Point {
	return [4]Point{project(0, 0, 0), project(8, 0, 0), project(8, 8, 0), project(0, 8, 0)}
}

func TestNewCamera(t *testing.T) {
	for _, c := range []struct{ elev, az, f float64 }{
		{45, 30, 0.9}, {60, 200, 1.2}, {75, 100, 0.8},
	} {
		project := lookAt(c.elev, c.az, 14, c.f, 1600, 1200)
		cam, err := NewCamera(boardCorners(project), 1600, 1200)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(cam.Elevation-c.elev) > 1 || math.Abs(cam.Focal-c.f) > 0.05*c.f {
			t.Errorf("camera %+v: recovered elevation %.1f, focal %.3f", c, cam.Elevation, cam.Focal)
		}
		// A post on a square must rise where the true camera sees it.
		for _, sq := range [][2]float64{{0.5, 0.5}, {4.5, 2.5}, {7.5, 7.5}} {
			want, got := project(sq[0], sq[1], 1.5), cam.Project(sq[0], sq[1], 1.5)
			if math.Hypot(want.X-got.X, want.Y-got.Y) > 2 {
				t.Errorf("camera %+v: post top on %v at %v, want %v", c, sq, got, want)
			}
		}
	}
}

// Seen from nearly straight above, a piece barely rises out of its
// square: a crop box as wide as before but that short would stretch the
// piece's top view into a blob when scaled to the crop. Boxes keep the
// crop's shape instead, and still hold the square and the post above it.
func TestColumnKeepsShape(t *testing.T) {
	const aspect = 2.0 // 32 x 64 crops
	for _, elev := range []float64{45, 70, 85, 89} {
		project := lookAt(elev, 250, 16, 0.75, 1200, 1600)
		cam, err := NewCamera(boardCorners(project), 1200, 1600)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 64; i++ {
			r, c := i/8, i%8
			b := cam.column(r, c, false, aspect)
			w, h := norm2(b.ex), norm2(b.ey)
			if h < 0.99*aspect*w {
				t.Errorf("elevation %.0f, square %d: box %.0f x %.0f px, flatter than the crop", elev, i, w, h)
			}
			u, v := float64(c)+0.5, float64(r)+0.5
			for _, p := range []Point{cam.Project(u, v, 0), cam.Project(u, v, ColumnHeight)} {
				if !b.contains(p) {
					t.Errorf("elevation %.0f, square %d: %v outside its box", elev, i, p)
				}
			}
		}
	}
}

// contains reports whether picture point p lies in the box.
func (b column) contains(p Point) bool {
	d := [2]float64{p.X - b.origin.X, p.Y - b.origin.Y}
	x := dot2(d, b.ex) / dot2(b.ex, b.ex)
	y := dot2(d, b.ey) / dot2(b.ey, b.ey)
	return x >= 0 && x <= 1 && y >= 0 && y <= 1
}
