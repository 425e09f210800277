import { describe, expect, it } from 'vitest';
import { FileAnalysisStatus, fileAnalysisState, formatDuration, formatFileSize, isImageAddress } from './files';

describe('fileAnalysisState', () => {
  it.each([
    [undefined, 'missing'],
    [null, 'missing'],
    [Number.NaN, 'missing'],
    [0, 'analysing'],
    [1, 'analysing'],
    [2, 'success'],
    [3, 'fail'],
    [4, 'fail'],
    [-1, 'fail'],
  ] as const)('%s → %s', (status, expected) => {
    expect(fileAnalysisState(status)).toBe(expected);
  });

  it('names the wire values', () => {
    expect(FileAnalysisStatus).toEqual({ Pending: 0, Analysing: 1, Success: 2, Fail: 3 });
  });
});

describe('formatDuration', () => {
  it.each([
    [1, '0:01'],
    [0.6, '0:01'],
    [65, '1:05'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  const KB = 1024;
  it.each([
    [0, '0.00 B'],
    [0.5, '0.50 B'],
    [1, '1.00 B'],
    [1023, '1023.00 B'],
    [KB, '1.00 KB'],
    [1536, '1.50 KB'],
    [KB * 1.004, '1.00 KB'],
    [KB * 1.006, '1.01 KB'],
    [KB ** 2 - 1, '1.00 MB'],
    [KB ** 2 - 6, '1023.99 KB'],
    [KB ** 2, '1.00 MB'],
    [5.25 * KB ** 2, '5.25 MB'],
    [KB ** 3, '1.00 GB'],
    [KB ** 4, '1.00 TB'],
    [KB ** 5, '1.00 PB'],
    [KB ** 6, '1.00 EB'],
    [KB ** 7, '1.00 ZB'],
    [KB ** 8, '1.00 YB'],
    [2.5 * KB ** 8, '2.50 YB'],
    [KB ** 9, '1024.00 YB'],
    [-1, '0.00 B'],
    [Number.NaN, '0.00 B'],
    [Number.POSITIVE_INFINITY, '0.00 B'],
  ])('%s bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('isImageAddress', () => {
  it.each([
    [`/images/${'a'.repeat(40)}.png`, true],
    ['https://example.com/cover.jpg', true],
    ['http://example.com/x', true],
    [`/images/${'a'.repeat(39)}.png`, false],
    [`/images/${'a'.repeat(40)}.p`, false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['ftp://example.com/x.png', false],
    ['', false],
  ])('%s → %s', (address, expected) => {
    expect(isImageAddress(address)).toBe(expected);
  });
});
