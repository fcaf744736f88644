#version 330 core
// Clip-space position from attribute 1; a_pos feeds the varyings.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_attr1;
flat out int v_vertex;
out vec2 v_uv;
noperspective out vec2 v_np;
void main()
{
    v_vertex = gl_VertexID;
    v_uv = a_pos * 0.5 + 0.5;
    v_np = a_pos * 0.25 + 0.5;
    gl_Position = a_attr1;
}
