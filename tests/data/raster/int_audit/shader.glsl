#version 330 core
#extension GL_ARB_gpu_shader5 : require
// Integer opcode audit: division and remainder by zero and of INT_MIN by -1, shifts by 32 and
// more, bitfield operations with out-of-range offsets and widths, and conversions of random bit
// patterns, into a GL_RGBA32UI target.
in vec2 v_uv;
out uvec4 o_color;
void main()
{
    uint px = uint(gl_FragCoord.x), py = uint(gl_FragCoord.y);
    uint h = px * 747796405u + py * 2891336453u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    uint g = h * 2654435761u;
    uint a = (py & 1u) == 0u ? h : h & 0x8000003fu;
    uint b = (py & 1u) == 0u ? g & 0x3fu : (g & 3u) - 1u;
    int ia = int(a), ib = int(b);
    int op = int(py) / 2;
    uvec4 o = uvec4(0u);
    switch (op) {
    case 0: o = uvec4(a / b, a % b, uint(ia / ib), uint(ia % ib)); break;
    case 1: o = uvec4(a << b, a >> b, uint(ia >> ib), uint(ia << ib)); break;
    case 2: o = uvec4(bitfieldExtract(a, int(b & 31u), int(g >> 27)), uint(bitfieldExtract(ia, int(b & 31u), int(g >> 27))), bitfieldInsert(a, g, int(b & 31u), int(g >> 27)), bitfieldReverse(a)); break;
    case 3: o = uvec4(uint(bitCount(a)), uint(findLSB(a)), uint(findMSB(a)), uint(findMSB(ia))); break;
    case 4: o = uvec4(uint(int(uintBitsToFloat(a))), uint(uintBitsToFloat(a)), uint(int(uintBitsToFloat(g))), uint(uintBitsToFloat(g) * 1e10)); break;
    case 5: o = uvec4(uint(abs(ia)), uint(sign(ia)), uint(min(ia, ib)), max(a, b)); break;
    case 6: o = uvec4(uint(-ia), ~a, a * g, uint(ia * ib)); break;
    case 7: o = uvec4(floatBitsToUint(float(a)), floatBitsToUint(float(ia)), floatBitsToUint(float(b)), uint(clamp(ia, -5, ib))); break;
    }
    o_color = o;
}
