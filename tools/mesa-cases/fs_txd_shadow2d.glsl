#version 330 core
// textureGrad on a mipmapped depth texture with a depth comparison (sampler2DShadow), gradients
// that change from pixel to pixel and references across the texels' range: TXD with a depth
// reference, which Maxwell's TXD does not take. Two lookups with different references.
uniform sampler2DShadow u_tex;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    float s = exp2(v_uv.x * 6.0 - 5.0) / 16.0 * 3.0;
    float a = v_uv.y * 2.0 - 1.0;
    vec2 dx = s * vec2(1.0, a);
    vec2 dy = s * vec2(-0.5 * a, 1.0 - 0.5 * a * a);
    float r = fract(v_uv.x * 3.7 + v_uv.y * 1.3);
    float s0 = textureGrad(u_tex, vec3(v_uv, r), dx, dy);
    float s1 = textureGrad(u_tex, vec3(v_uv.yx, 1.0 - r), dy, dx);
    o_color = vec4(s0, s1, r, s);
}
