#version 330 core
// Points of several sizes (gl_PointSize, with GL_PROGRAM_POINT_SIZE) off the pixel grid.
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
    gl_PointSize = a_attr1.x;
}
