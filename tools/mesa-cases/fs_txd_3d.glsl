#version 330 core
// textureGrad on a mipmapped 16x16x16 3D texture, gradients that change from pixel to pixel
// (lengths from 1/32 to 2 texel-space units: LODs below 0 to above the last level, fractions
// between them, directions that turn): TXD on a 3D target, which Maxwell's TXD does not take.
uniform sampler3D u_tex;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    vec3 p = vec3(v_uv, v_uv.x * 0.7 + v_uv.y * 0.3);
    float s = exp2(v_uv.x * 6.0 - 5.0) / 16.0 * 3.0;
    float a = v_uv.y * 2.0 - 1.0;
    vec3 dx = s * vec3(1.0, a, 0.3 * a * a);
    vec3 dy = s * vec3(-0.5 * a, 1.0 - a * a, 0.6 * v_uv.x);
    o_color = textureGrad(u_tex, p, dx, dy);
}
