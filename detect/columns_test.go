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
