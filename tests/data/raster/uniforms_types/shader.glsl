#version 330 core
uniform vec2 u_f;
uniform mat2 u_m2;
in vec4 v_c;
flat in ivec4 v_i;
out vec4 o_color;
void main()
{
    o_color = v_c + vec4(u_m2 * u_f, vec2(v_i.xy)) * float(v_i.z - v_i.w);
}
