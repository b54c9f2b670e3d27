import { checkSvg, decodeImage, safeFileName } from './image-check';

const svg = (body: string, attributes = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${body}</svg>`);
const refused = (text: string | Buffer) => () => checkSvg(Buffer.isBuffer(text) ? text : Buffer.from(text));

describe('checkSvg', () => {
  test('when an SVG has comments, CDATA styles with fragment urls, entities and self-closing tags, then it is accepted', () => {
    expect(() =>
      checkSvg(
        Buffer.from(
          '\uFEFF<?xml version="1.0"?>\n<!-- a --><svg xmlns="http://www.w3.org/2000/svg"><style><![CDATA[ .a { fill: url(#g) } ]]></style>' +
            '<image href="data:image/png;base64,AAAA"/><text>a &lt; b &#38; c</text><g><rect/></g></svg>\n',
        ),
      ),
    ).not.toThrow();
  });

  test('when script hides behind a namespace prefix, upper case, entities or whitespace, then it is refused', () => {
    expect(refused(svg('<x:SCRIPT xmlns:x="http://www.w3.org/2000/svg">1</x:SCRIPT>'))).toThrow(/element/);
    expect(refused(svg('<a href="&#106;avascript:alert(1)">x</a>'))).toThrow(/script URL/);
    expect(refused(svg('<a href="java\tscript:alert(1)">x</a>'))).toThrow(/script URL/);
    expect(refused(svg('<rect/>', ' onLoad="x()"'))).toThrow(/event handler/);
    expect(refused(svg('<animate attributeName="onclick" to="alert(1)"/>'))).toThrow();
    expect(refused(svg('<style>.a { background: u\\72l(https://x) }</style>'))).toThrow(/escapes/);
  });

  test('when the markup is broken or not an SVG document, then it is refused', () => {
    expect(refused('<svg><g></svg>')).toThrow(/misnested/);
    expect(refused('<svg>')).toThrow(/not closed/);
    expect(refused('<svg/><svg/>')).toThrow(/after the root/);
    expect(refused('text<svg/>')).toThrow(/outside/);
    expect(refused('<div/>')).toThrow(/root/);
    expect(refused('<svg a=1/>')).toThrow(/malformed/);
    expect(refused(svg('&nbsp;'))).toThrow(/entity/);
    expect(refused(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x2f, 0x3e]))).toThrow(/UTF-8/);
  });
});

describe('decodeImage', () => {
  test('when the format is given twice and disagrees, or missing for plain Base64, then 400', () => {
    expect(() => decodeImage('data:image/png;base64,AAAA', 'svg', 100)).toThrow(/format/);
    expect(() => decodeImage('AAAA', undefined, 100)).toThrow(/format/);
    expect(decodeImage('data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+', undefined, 100)).toEqual({
      bytes: Buffer.from('<svg/>'),
      format: 'svg',
    });
  });
});

describe('safeFileName', () => {
  test('when a name has paths, quotes, line breaks or accents, then only safe characters remain and the extension follows the format', () => {
    expect(safeFileName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(safeFileName('Příliš "žluťoučký"\r\nkůň.svg', 'png')).toBe('Prilis _zlutoucky_kun.png');
    expect(safeFileName('...', 'svg')).toBe('visualization.svg');
    expect(safeFileName(undefined, 'svg')).toBe('visualization.svg');
  });
});
