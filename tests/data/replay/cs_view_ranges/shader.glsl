#version 430
// What shader.tgsi computes (written by hand for tgx's own test; not Mesa output). Unit 0 is a
// usamplerBuffer bound with glTexBufferRange (bytes 8..23 of the buffer), unit 1 a texture view
// (GL_R32UI) of an RGBA8 texture.
layout(local_size_x = 4) in;
layout(binding = 0) uniform usamplerBuffer u_range;
layout(binding = 1) uniform usampler2D u_bits;
layout(std430, binding = 0) buffer Out { uint v[8]; };
void main()
{
    int i = int(gl_LocalInvocationID.x);
    v[i] = texelFetch(u_range, i).x;
    v[4 + i] = texelFetch(u_bits, ivec2(i, 0), 0).x;
}
