#version 330 core
// Uniforms laid out differently in the two stages (u_b is row 1 of the vertex shader's
// CONST[0], row 0 of the fragment shader's) and two uniform blocks (Shared in both, Frag in one).
layout(location = 0) in vec2 a_pos;
uniform vec4 u_a;
uniform vec4 u_b;
layout(std140) uniform Shared { vec4 s_k; vec4 s_m; };
out vec4 v_c;
void main()
{
    v_c = u_a * 0.5 + u_b + s_m;
    gl_Position = vec4(a_pos, 0.0, 1.0);
}
