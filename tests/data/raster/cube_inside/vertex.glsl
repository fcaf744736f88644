#version 330 core
// A cube under a projective matrix (the harness's uniform values: corners behind the eye,
// outside the view volume, perspective varyings), as an application's vertex shader would draw
// it: object position in attribute 1, a texture coordinate in attribute 0.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_attr1;
uniform mat4 u_mvp;
uniform vec4 u_offset;
out vec2 v_uv;
out vec3 v_obj;
flat out int v_face;
void main()
{
    v_uv = a_pos * 0.5 + 0.5;
    v_obj = a_attr1.xyz;
    v_face = gl_VertexID / 6;
    gl_Position = u_mvp * vec4(a_attr1.xyz * 1.5, 1.0) + u_offset * vec4(0.25, 0.25, 0.0, 2.0);
}
