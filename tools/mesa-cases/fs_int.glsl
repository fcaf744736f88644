#version 330 core
// Signed-integer colour: negative values and a flat integer varying into a GL_RGBA32I target.
flat in int v_vertex;
in vec2 v_uv;
noperspective in vec2 v_np;
out ivec4 o_color;
void main()
{
    o_color = ivec4(floor(v_uv * 64.0 - 20.0), v_vertex * -3 - 1, int(gl_FragCoord.x) * -7 + int(v_np.y * 100.0));
}
