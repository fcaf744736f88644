#version 330 core
// Implicit derivatives: a texture lookup with implicit LOD and explicit dFdx/dFdy of a value
// that is not affine in the window position, so every quad shows which plane equations it used.
uniform sampler2D u_tex;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    vec2 t = v_uv * v_uv * 3.0;
    vec4 c = texture(u_tex, t);
    o_color = vec4(c.x + c.y, dFdx(t.x) * 16.0, dFdy(t.y) * 16.0, c.z + c.w);
}
