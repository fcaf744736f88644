#version 330 core
// Shading as applications do it: a texture with implicit LOD, derivatives of a varying, a
// light from a uniform block, discard.
uniform sampler2D u_tex;
layout(std140) uniform Light { vec4 l_dir; vec4 l_color; };
in vec2 v_uv;
in vec3 v_obj;
flat in int v_face;
out vec4 o_color;
void main()
{
    vec3 n = normalize(cross(dFdx(v_obj), dFdy(v_obj)));
    float d = max(dot(n, normalize(l_dir.xyz + vec3(0.1, 0.2, 0.3))), 0.0);
    vec4 t = texture(u_tex, v_uv * 2.0);
    if (t.a < 0.1)
        discard;
    o_color = vec4(t.rgb * (0.2 + d) * l_color.rgb + float(v_face) * 0.01, gl_FragCoord.z);
}
