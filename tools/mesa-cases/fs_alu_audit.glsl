#version 330 core
// Opcode audit: every row pair applies one group of GLSL built-ins to random bit patterns (NaN,
// infinities, denormals, huge and tiny values; even rows) and to ordinary values of both signs
// (odd rows), so each TGSI opcode nir_to_tgsi emits for them meets the arguments where Mesa and
// the 2013 TGSI text may part.
in vec2 v_uv;
out vec4 o_color;
void main()
{
    uint px = uint(gl_FragCoord.x), py = uint(gl_FragCoord.y);
    uint h = px * 747796405u + py * 2891336453u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    float s = (v_uv.x - 0.5) * 9.0 + float(py & 3u) * 0.25;
    float a = (py & 1u) == 0u ? uintBitsToFloat(h) : s;
    float b = (py & 1u) == 0u ? uintBitsToFloat(h * 2654435761u) : s * 0.75 - 1.0;
    int op = int(py) / 2;
    vec4 o = vec4(0.0);
    switch (op) {
    case 0: o = vec4(inversesqrt(a), sqrt(a), log2(a), exp2(a)); break;
    case 1: o = vec4(pow(a, b), sin(a), cos(a), tan(a)); break;
    case 2: o = vec4(asin(a), acos(a), atan(a), atan(a, b)); break;
    case 3: o = vec4(sinh(a), cosh(a), tanh(a), asinh(a)); break;
    case 4: o = vec4(fract(a), floor(a), ceil(a), trunc(a)); break;
    case 5: o = vec4(round(a), roundEven(a), sign(a), abs(a)); break;
    case 6: o = vec4(mod(a, b), min(a, b), max(a, b), clamp(a, b, 1.0)); break;
    case 7: o = vec4(mix(a, b, 0.3), step(a, b), smoothstep(0.0, b, a), a * b + 1.0); break;
    case 8: o = vec4(length(vec2(a, b)), normalize(vec2(a, b)), distance(a, b)); break;
    case 9: o = vec4(float(int(a)), float(uint(a)), float(int(b)), float(uint(b))); break;
    case 10: o = vec4(exp(a), log(a), radians(a), degrees(b)); break;
    case 11: o = vec4(acosh(a), atanh(a), a / b, 1.0 / a); break;
    case 12: o = vec4(dot(vec3(a, b, 1.0), vec3(b, a, -1.0)), cross(vec3(a, b, 1.0), vec3(b, 2.0, a))); break;
    case 13: o = vec4(isnan(a) ? 1.0 : 0.0, isinf(a) ? 1.0 : 0.0, float(a == b), float(a < b)); break;
    case 14: o = vec4(dFdx(a), dFdy(b), fwidth(a), a - b); break;
    case 15: o = vec4(faceforward(vec2(a, b), vec2(b, 1.0), vec2(1.0, a)), reflect(vec2(a, b), vec2(0.6, 0.8))); break;
    }
    o_color = o;
}
