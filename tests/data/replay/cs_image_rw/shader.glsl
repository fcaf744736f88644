#version 430
// What shader.tgsi computes (written by hand for tgx's own test; not Mesa output).
layout(local_size_x = 4) in;
layout(binding = 0, r32ui) uniform writeonly uimage2D u_ids;
layout(binding = 1, rgba32f) uniform image2D u_grad;
void main()
{
    ivec2 p = ivec2(gl_LocalInvocationID.x, gl_WorkGroupID.y);
    vec4 t = imageLoad(u_grad, p);
    imageStore(u_grad, p, vec4(1.0 - t.x, t.x + t.y, t.z, t.w));
    uvec2 b = uvec2(t.xy * 256.0);
    imageStore(u_ids, p, uvec4(b.x + 256u * b.y));
}
