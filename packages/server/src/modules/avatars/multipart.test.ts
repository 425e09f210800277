import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundaryOf, FormTooLargeError, MalformedFormError, parseFormData, readBody } from './multipart';

const CRLF = '\r\n';

function form(boundary: string, parts: string[], preamble = ''): Buffer {
  return Buffer.from(
    preamble + parts.map((part) => `--${boundary}${CRLF}${part}${CRLF}`).join('') + `--${boundary}--${CRLF}`,
    'latin1',
  );
}

describe('boundaryOf', () => {
  it('reads plain and quoted boundaries', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryAbC')).toBe('----WebKitFormBoundaryAbC');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
  });

  it('refuses a content type without one', () => {
    expect(() => boundaryOf('multipart/form-data')).toThrow(MalformedFormError);
    expect(() => boundaryOf(undefined)).toThrow(MalformedFormError);
  });
});

describe('parseFormData', () => {
  it('splits the parts with their names, file names and bytes', () => {
    const body = form('XyZ', [
      `Content-Disposition: form-data; name="note"${CRLF}${CRLF}hello`,
      `Content-Disposition: form-data; name="file"; filename="a \\"b\\".png"${CRLF}Content-Type: image/png${CRLF}${CRLF}\x89PNG\r\n--XY\r\nmore`,
      `Content-Disposition: form-data; name="empty"${CRLF}${CRLF}`,
    ]);
    const parts = parseFormData(body, 'XyZ');
    expect(parts.map((part) => part.name)).toEqual(['note', 'file', 'empty']);
    expect(parts[0]?.data.toString()).toBe('hello');
    expect(parts[1]).toMatchObject({ filename: 'a "b".png', contentType: 'image/png' });
    // A line that only looks like a boundary stays inside the data.
    expect(parts[1]?.data.toString('latin1')).toBe('\x89PNG\r\n--XY\r\nmore');
    expect(parts[2]?.data.length).toBe(0);
  });

  it('ignores a preamble and transport padding after a boundary', () => {
    const body = Buffer.from(
      `ignored preamble${CRLF}--b  ${CRLF}Content-Disposition: form-data; name="file"${CRLF}${CRLF}x${CRLF}--b--`,
    );
    expect(parseFormData(body, 'b').map((part) => part.data.toString())).toEqual(['x']);
  });

  it('refuses bodies that are not forms of that boundary', () => {
    const unterminated = Buffer.from(
      `--b${CRLF}Content-Disposition: form-data; name="file"${CRLF}${CRLF}data without end`,
    );
    expect(() => parseFormData(unterminated, 'b')).toThrow(MalformedFormError);
    expect(() => parseFormData(Buffer.from('just text'), 'b')).toThrow(MalformedFormError);
    expect(() => parseFormData(form('b', [`Content-Type: text/plain${CRLF}${CRLF}x`]), 'b')).toThrow(
      MalformedFormError,
    );
    expect(() => parseFormData(form('b', [`Content-Disposition: form-data${CRLF}${CRLF}x`]), 'b')).toThrow(
      MalformedFormError,
    );
  });
});

describe('readBody', () => {
  it('collects a body up to the limit', async () => {
    expect((await readBody(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), '4', 4)).toString()).toBe('abcd');
  });

  it('stops reading once the limit is passed', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 1;
        this.push(Buffer.alloc(1024));
      },
    });
    await expect(readBody(endless, undefined, 10 * 1024)).rejects.toBeInstanceOf(FormTooLargeError);
    expect(produced).toBeLessThan(40);
    endless.destroy();
  });

  it('refuses a declared length over the limit without reading', async () => {
    await expect(readBody(Readable.from([Buffer.from('x')]), '5000', 10)).rejects.toBeInstanceOf(FormTooLargeError);
  });
});
