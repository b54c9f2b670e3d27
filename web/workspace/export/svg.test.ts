import { base64Utf8, toSvg } from './svg';

describe('SVG export', () => {
  test('when captions hold markup or colours are odd, then the SVG escapes them and holds only shapes and text', () => {
    const svg = toSvg(
      200,
      100,
      [{ x: 10, y: 20, size: 5, color: 'url(javascript:alert(1))', label: '<script>alert("x")</script> & Co' }],
      [{ x1: 0, y1: 0, x2: 10, y2: 20, color: '#abc' }],
    );
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(svg).not.toMatch(/<script|javascript:|on\w+=/i);
    expect(svg).toContain('fill="#999999"');
    expect(svg).toContain('<line x1="0" y1="0" x2="10" y2="20" stroke="#abc"');
  });

  test('when text is not Latin-1, then Base64 still round-trips through UTF-8', () => {
    const binary = atob(base64Utf8('Jana Nováková ✓'));
    expect(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))).toBe('Jana Nováková ✓');
  });
});
