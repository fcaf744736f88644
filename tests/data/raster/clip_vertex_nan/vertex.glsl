#version 330 compatibility
// gl_ClipVertex whose z is a_attr1.z squared: +inf for 2e19 while gl_Position (x, y of a_attr1,
// z 0) stays inside, so a plane's infinite (or, times 0, NaN) dot product meets the clipper.
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
    gl_Position = vec4(a_attr1.xy, 0.0, 1.0);
    gl_ClipVertex = vec4(a_pos, a_attr1.z * a_attr1.z, 1.0);
}
