#version 330 core
#extension GL_ARB_gpu_shader5 : require
// textureGatherOffset with offsets computed at run time (not constant): each quad's offset comes
// from its position, so neighbouring quads see different offsets (-8..6 on each axis); two
// components are gathered. One offset a quad: with an offset per pixel softpipe and llvmpipe
// disagree (3,067 of 4,096 values in a trial), so the case would hold tgx to neither.
uniform sampler2D u_tex;
in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy) / 2;
    ivec2 off = ivec2(p.x % 13 - 6, (p.y * 7) % 15 - 8);
    vec4 r = textureGatherOffset(u_tex, v_uv, off, 0);
    vec4 a = textureGatherOffset(u_tex, v_uv, ivec2(-off.y, off.x), 3);
    o_color = r * 0.5 + a.wzyx * 0.25;
}
