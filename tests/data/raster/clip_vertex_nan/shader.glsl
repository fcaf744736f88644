#version 330 core
flat in int v_vertex;
in vec2 v_uv;
noperspective in vec2 v_np;
out vec4 o_color;
void main()
{
    o_color = vec4(float(v_vertex) + v_np.x, v_uv, v_np.y * (gl_FrontFacing ? 1.0 : -1.0));
}
