#version 330 core
// inversesqrt and friends of negative and zero arguments (Mesa 22.3 departs from the 2013 TGSI
// text for RSQ: NaN for x < 0).
in vec2 v_uv;
out vec4 o_color;
void main()
{
    float x = v_uv.x - 0.5;
    o_color = vec4(inversesqrt(x), sqrt(x), log2(x), pow(x, v_uv.y));
}
