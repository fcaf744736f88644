#version 330 core
// Uniform matrices, arrays, integer and unsigned uniforms in the vertex stage.
layout(location = 0) in vec2 a_pos;
uniform mat4 u_m;
uniform vec3 u_arr[3];
uniform ivec2 u_i;
uniform uint u_u;
uniform mat3 u_m3;
out vec4 v_c;
flat out ivec4 v_i;
void main()
{
    vec4 p = u_m * vec4(a_pos, 0.25, 1.0);
    v_c = p + vec4(u_arr[0] + u_arr[2] * u_arr[1].x + u_m3 * vec3(a_pos, 1.0), 0.0);
    v_i = ivec4(u_i, int(u_u), u_i.x * int(u_u));
    gl_Position = vec4(a_pos, 0.0, 1.0);
}
