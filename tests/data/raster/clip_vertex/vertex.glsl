#version 330 compatibility
// gl_ClipVertex (compatibility profile): the legacy user clip planes (glClipPlane) are tested
// against this vertex, not gl_Position, and the clipper interpolates it like any other output.
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
    gl_ClipVertex = vec4(a_pos.x * 1.5 - 0.25, a_pos.y * 0.75, a_attr1.z, a_attr1.w * 0.5);
}
