#version 330 core
// textureGrad on a mipmapped 16x16 cube map (seamless): directions on five faces, gradients that
// change from pixel to pixel across LODs below 0 to above the last level: TXD on a cube target,
// which Maxwell's TXD does not take.
uniform samplerCube u_tex;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    vec2 c = v_uv * 2.0 - 1.0;
    vec3 d = vec3(c.x, c.y, 0.55 - 0.3 * c.x * c.y);
    float s = exp2(v_uv.x * 6.0 - 4.5) / 8.0;
    vec3 dx = s * vec3(1.0, 0.25 * c.y, -0.4 * c.x);
    vec3 dy = s * vec3(0.3 * c.x, 1.0 - 0.5 * c.y * c.y, 0.2);
    o_color = textureGrad(u_tex, d, dx, dy);
}
