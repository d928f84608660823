/* utgard_gp_transform.c: the notes' gl_Position and gl_PointSize output transforms, which the
 * compiler appends to every vertex shader: the reference a simulated program is checked against. */
#include <math.h>

#include "utgard_gp_sim.h"

/* viewport: gl_mali_ViewportTransform[0].xyzw then [1].xyzw. */
void utgard_gp_position_transform(const float pos[4], const float viewport[8], float out[4])
{
	float w = fminf(fmaxf(1.0f / pos[3], -1e10f), 1e10f); /* clamp(1/w, -1e10, 1e10) */
	out[3] = w;
	for (unsigned c = 0; c < 3; c++)
		out[c] = pos[c] * w * viewport[c] + viewport[4 + c];
}

/* params: gl_mali_PointSizeParameters (x = min, y = max, z = scale). */
float utgard_gp_point_size_transform(float size, const float params[4])
{
	return fminf(fmaxf(size, params[0]), params[1]) * params[2]; /* clamp(size, x, y) * z */
}
