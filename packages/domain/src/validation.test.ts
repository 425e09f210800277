import { describe, expect, it } from 'vitest';
import validationTexts from './i18n/texts/validation.json';
import {
  isAmount,
  isBucketName,
  isCustomKey,
  isDate,
  isDateTime,
  isEmail,
  isExhibitName,
  isHex24,
  isPlainText,
  isJsVariableName,
  isLeapYear,
  isMobile,
  isNaturalNumber,
  isNodeDomain,
  isNodeName,
  isPassword,
  isPayPassword,
  isPositiveInteger,
  isResourceName,
  isResourceType,
  isUsername,
  validate,
  validationRuleNames,
  validationRules,
  type ValidationRuleName,
} from './validation';

type Cases = { valid: string[]; invalid: unknown[] };

const NOT_STRINGS: unknown[] = [undefined, null, 123, true, {}, ['abc']];

const FORBIDDEN_NAME_CHARACTERS = ['\\', '/', ':', '*', '?', '"', '<', '>', '|', '@', '$', '#'];
const WHITESPACE = [' ', '\t', '\n', '\r', '\v', '\f', '\u00A0', '\u3000', '\u2003', '\uFEFF'];

const nameCases: Cases = {
  valid: [
    'a',
    'x'.repeat(60),
    '中'.repeat(60),
    '😀'.repeat(60),
    'a😀'.repeat(30),
    '我的资源',
    'my-resource_v1.0',
    'Name(1)[2]{3}',
    "it's",
    'a%b&c+d=e!~',
    '中文-English_123',
  ],
  invalid: [
    '',
    'x'.repeat(61),
    '中'.repeat(61),
    '😀'.repeat(61),
    ...FORBIDDEN_NAME_CHARACTERS.map((character) => `a${character}b`),
    ...FORBIDDEN_NAME_CHARACTERS,
    ...WHITESPACE.map((space) => `a${space}b`),
    ' leading',
    'trailing ',
    ...NOT_STRINGS,
  ],
};

const cases: Record<ValidationRuleName, Cases> = {
  exhibitName: nameCases,
  resourceName: nameCases,
  resourceType: {
    valid: [
      'a',
      'image',
      '图片',
      '阅读',
      'Audio-Book',
      'A&B',
      'v1.0',
      'a,b',
      '一\u9FEF',
      'x'.repeat(40),
      '中'.repeat(40),
    ],
    invalid: [
      '',
      'x'.repeat(41),
      '中'.repeat(41),
      'reveal_slide',
      'a b',
      'a/b',
      'a@b',
      'a#b',
      'a+b',
      '\u9FF0',
      '\u3400',
      'é',
      '😀',
      'ａ',
      ...NOT_STRINGS,
    ],
  },
  customKey: {
    valid: ['a', 'Z', 'width', 'max_size', 'a1', 'A_b_C_9', 'a'.repeat(30), `k${'_'.repeat(29)}`],
    invalid: ['', '1a', '_a', '$a', 'a-b', 'a b', 'a.b', 'a'.repeat(31), '中文', 'é', ...NOT_STRINGS],
  },
  nodeName: {
    valid: ['ab', 'a1', '节点', '我的Node1', 'x'.repeat(24), '中'.repeat(24), '\u4E00\u9FA5'],
    invalid: [
      '',
      'a',
      '中',
      'x'.repeat(25),
      '中'.repeat(25),
      'a|b',
      '||',
      'a b',
      'a-b',
      'a_b',
      'a.b',
      '节点!',
      'ab😀',
      ...NOT_STRINGS,
    ],
  },
  nodeDomain: {
    valid: ['abcd', 'a1b2', '0000', 'my-node', 'a--b', 'a'.repeat(24), `a${'-'.repeat(22)}b`, '1abc'],
    invalid: [
      '',
      'abc',
      'a'.repeat(25),
      '-abc',
      'abc-',
      '-ab-',
      'ABCD',
      'Abcd',
      'abcD',
      'ab_cd',
      'ab.cd',
      'ab cd',
      'ab中cd',
      ...NOT_STRINGS,
    ],
  },
  payPassword: {
    valid: ['000000', '123456', '999999'],
    invalid: [
      '',
      '12345',
      '1234567',
      '12345a',
      'abcdef',
      ' 123456',
      '123456 ',
      '12 456',
      '１２３４５６',
      ...NOT_STRINGS,
    ],
  },
  mobile: {
    valid: ['13000000000', '14012345678', '15999999999', '17012345678', '18612345678', '19912345678'],
    invalid: [
      '',
      '1381234567',
      '138123456789',
      '1381234567890123',
      '10012345678',
      '11012345678',
      '12012345678',
      '16012345678',
      '23812345678',
      '+8613812345678',
      '138 1234 5678',
      '1381234567a',
      ...NOT_STRINGS,
    ],
  },
  email: {
    valid: [
      'a@b.cn',
      'user@example.com',
      'first.last@example.com',
      'user+tag@example.com',
      'user-name@sub.example.co.uk',
      'user_name@example-host.org',
      'UPPER@EXAMPLE.COM',
      '123@163.com',
      'a@xn--fiqs8s.cn',
      `${'a'.repeat(64)}@example.com`,
    ],
    invalid: [
      '',
      'plain',
      '@example.com',
      'user@',
      'user@example',
      'user@@example.com',
      'user@.example.com',
      'user@example..com',
      'user@-example.com',
      'user@example-.com',
      'user@example.c',
      'user@example.123',
      '.user@example.com',
      'user.@example.com',
      'us..er@example.com',
      'us er@example.com',
      'user@exa mple.com',
      'user@exam_ple.com',
      '用户@example.com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
      ...NOT_STRINGS,
    ],
  },
  username: {
    valid: ['a', '1', 'abc', 'ABC123', 'a-b', 'a-b-c', 'a--b', 'x'.repeat(30), `a${'-'.repeat(28)}b`],
    invalid: ['', '-', '-a', 'a-', 'x'.repeat(31), 'a_b', 'a b', 'a.b', 'a@b', '用户', ...NOT_STRINGS],
  },
  password: {
    valid: [
      'abc123',
      'a1b2c3d4',
      '1a1a1a',
      'x'.repeat(23) + '1',
      'P@ss w0rd',
      '密码密码a1',
      'a1😀😀😀😀',
      `a1${'😀'.repeat(22)}`,
      'a1\n\t!!',
    ],
    invalid: [
      '',
      'a1',
      'abc12',
      'abcdef',
      '123456',
      '!@#$%^',
      '密码密码密码',
      `${'x'.repeat(24)}1`,
      `a1${'😀'.repeat(23)}`,
      ...NOT_STRINGS,
    ],
  },
  naturalNumber: {
    valid: ['0', '1', '007', '1234567890'],
    invalid: ['', '-1', '+1', '1.5', '1e3', ' 1', '1 ', 'a', '١', ...NOT_STRINGS],
  },
  positiveInteger: {
    valid: ['1', '9', '10', '1234567890'],
    invalid: ['', '0', '01', '007', '-1', '+1', '1.0', '1e3', ' 1', 'a', ...NOT_STRINGS],
  },
  amount: {
    valid: ['0', '1', '10', '0.5', '0.01', '1.5', '1.50', '1200.00', '007.1'],
    invalid: ['', '.', '5.', '.5', '1.234', '1.2.3', '-1', '+1', '1,00', '1e2', ' 1', 'abc', ...NOT_STRINGS],
  },
  bucketName: {
    valid: ['a', '1', 'ab', 'my-bucket', 'a--b', 'x'.repeat(63), `a${'-'.repeat(61)}b`],
    invalid: [
      '',
      '-',
      '-a',
      'a-',
      'x'.repeat(64),
      'My-bucket',
      'my_bucket',
      'my.bucket',
      'my bucket',
      '.UserNodeData',
      ...NOT_STRINGS,
    ],
  },
  jsVariableName: {
    valid: ['a', 'A', '_', '$', '_private', '$el', 'camelCase', 'snake_case_9', 'a$b'],
    invalid: ['', '1a', '-a', 'a-b', 'a b', 'a.b', '变量', ...NOT_STRINGS],
  },
  date: {
    valid: [
      '2024-01-01',
      '2024-01-31',
      '2024-02-29',
      '2000-02-29',
      '2023-02-28',
      '2023-04-30',
      '2023-12-31',
      '0001-01-01',
      '9999-12-31',
    ],
    invalid: [
      '',
      '1900-02-29',
      '2023-02-29',
      '2100-02-29',
      '2024-02-30',
      '2023-04-31',
      '2023-06-31',
      '2023-09-31',
      '2023-11-31',
      '2023-01-32',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      '0000-01-01',
      '2023-1-01',
      '2023-01-1',
      '23-01-01',
      '2023/01/01',
      '20230101',
      'x2023-01-01',
      '2023-01-01x',
      ' 2023-01-01',
      '2023-01-01 00:00:00',
      '2023-01-01T00:00:00Z',
      ...NOT_STRINGS,
    ],
  },
  dateTime: {
    valid: ['2024-02-29 00:00:00', '2023-12-31 23:59:59', '2000-01-01 12:30:45'],
    invalid: [
      '',
      '2023-12-31',
      '2023-12-31 23:59',
      '2023-12-31T23:59:59',
      '2023-12-31  23:59:59',
      '2023-12-31 24:00:00',
      '2023-12-31 23:60:00',
      '2023-12-31 23:59:60',
      '2023-02-29 10:00:00',
      '2023-13-01 10:00:00',
      '2023-12-31 1:00:00',
      '2023-12-31 23:59:59.000',
      'x2023-12-31 23:59:59',
      '2023-12-31 23:59:59x',
      ...NOT_STRINGS,
    ],
  },
  hex24: {
    valid: ['0123456789abcdef01234567', '650a1c2e4b0f3d9a1b2c3d4e', '0'.repeat(24)],
    invalid: [
      '',
      '0'.repeat(23),
      '0'.repeat(25),
      '0123456789ABCDEF01234567',
      '0123456789abcdef0123456g',
      ...NOT_STRINGS,
    ],
  },
  plainText: {
    valid: [
      '',
      'Illustrator',
      "O'Brien; DROP TABLE users; --",
      'I <3 art',
      'a < b and c > d',
      '插画师，喜欢 2 < 3',
      '< img> is not a tag',
    ],
    invalid: [
      '<b>bold</b>',
      '<script>alert(1)</script>',
      'hi </p>',
      '<img src=x onerror=alert(1)>',
      '<!-- note -->',
      '<?xml ?>',
      ...NOT_STRINGS,
    ],
  },
};

const namedPredicates: Record<ValidationRuleName, (value: string) => boolean> = {
  exhibitName: isExhibitName,
  resourceName: isResourceName,
  resourceType: isResourceType,
  customKey: isCustomKey,
  nodeName: isNodeName,
  nodeDomain: isNodeDomain,
  payPassword: isPayPassword,
  mobile: isMobile,
  email: isEmail,
  username: isUsername,
  password: isPassword,
  naturalNumber: isNaturalNumber,
  positiveInteger: isPositiveInteger,
  amount: isAmount,
  bucketName: isBucketName,
  jsVariableName: isJsVariableName,
  date: isDate,
  dateTime: isDateTime,
  hex24: isHex24,
  plainText: isPlainText,
};

describe.each(validationRuleNames)('rule %s', (rule) => {
  const { valid, invalid } = cases[rule];
  const { test, messageKey } = validationRules[rule];

  it.each(valid.map((value) => [value]))('accepts %j', (value) => {
    expect(test(value)).toBe(true);
    expect(namedPredicates[rule](value)).toBe(true);
    expect(validate(rule, value)).toBeNull();
  });

  it.each(invalid.map((value) => [value]))('rejects %j', (value) => {
    expect(test(value)).toBe(false);
    expect(namedPredicates[rule](value as string)).toBe(false);
    expect(validate(rule, value)).toEqual({ code: 'pattern', messageKey });
  });

  it(`names its message validation.${rule}`, () => {
    expect(messageKey).toBe(`validation.${rule}`);
  });
});

describe('validation rule table', () => {
  it('covers every rule with cases and a named predicate', () => {
    expect(Object.keys(validationRules).sort()).toEqual([...validationRuleNames].sort());
    expect(Object.keys(cases).sort()).toEqual([...validationRuleNames].sort());
    expect(Object.keys(namedPredicates).sort()).toEqual([...validationRuleNames].sort());
  });

  it('has a zh_CN and an en_US message for every rule and no stray message', () => {
    const texts: Record<string, { zh_CN: string; en_US: string }> = validationTexts;
    expect(Object.keys(texts).sort()).toEqual(validationRuleNames.map((rule) => `validation.${rule}`).sort());
    for (const text of Object.values(texts)) {
      expect(text.zh_CN.trim()).not.toBe('');
      expect(text.en_US.trim()).not.toBe('');
    }
  });
});

describe('isLeapYear', () => {
  it.each([
    [2000, true],
    [2024, true],
    [1996, true],
    [1900, false],
    [2100, false],
    [2023, false],
    [1600, true],
  ])('%i → %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });
});
