#version 330 core
// Points whose gl_PointSize is a product, so sizes outside GL's range reach the draw module
// unclamped: below 1, zero, negative, huge, infinite and NaN (1e30 * 1e30 * 0).
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
    gl_Position = vec4(a_pos, 0.0, 1.0);
    gl_PointSize = a_attr1.x * a_attr1.y * a_attr1.z;
}
