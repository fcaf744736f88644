#version 330 core
// textureGrad on a mipmapped depth 2D array (4 layers) with a depth comparison
// (sampler2DArrayShadow): TXD with an array index and a depth reference.
uniform sampler2DArrayShadow u_tex;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    float s = exp2(v_uv.x * 6.0 - 5.0) / 16.0 * 3.0;
    float a = v_uv.y * 2.0 - 1.0;
    vec2 dx = s * vec2(1.0, a);
    vec2 dy = s * vec2(-0.5 * a, 1.0 - 0.5 * a * a);
    float r = fract(v_uv.x * 3.7 + v_uv.y * 1.3);
    float layer = floor(v_uv.y * 4.0) + 0.25;
    o_color = vec4(textureGrad(u_tex, vec4(v_uv, layer, r), dx, dy), r, s, layer);
}
