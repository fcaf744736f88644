#version 330 core
uniform vec4 u_b;
uniform vec4 u_c;
layout(std140) uniform Shared { vec4 s_k; vec4 s_m; };
layout(std140) uniform Frag { vec4 f_x; };
in vec4 v_c;
out vec4 o_color;
void main()
{
    o_color = v_c + u_c * u_b + s_k + f_x;
}
