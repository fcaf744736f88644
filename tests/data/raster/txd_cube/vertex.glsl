#version 330 core
layout(location = 0) in vec2 a_pos;
flat out int v_vertex;
out vec2 v_uv;
noperspective out vec2 v_np;
void main()
{
    v_vertex = gl_VertexID;
    v_uv = a_pos * 0.5 + 0.5;
    v_np = a_pos * 0.25 + 0.5;
    gl_Position = vec4(a_pos, 0.0, 1.0);
}
