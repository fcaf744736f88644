#version 330 core
// gl_PointCoord: the sprite coordinates the draw module's wide-point stage gives each corner of
// a point's square, interpolated over its two triangles; with the varyings for comparison.
flat in int v_vertex;
in vec2 v_uv;
noperspective in vec2 v_np;
out vec4 o_color;
void main()
{
    o_color = vec4(gl_PointCoord, float(v_vertex) + v_np.x, v_uv.y);
}
