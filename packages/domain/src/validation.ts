// The input rules of SPEC §5, refined where API.md §2 points out slips of the reference client
// (node name admits no '|', natural number needs a digit, amount has no trailing dot, date and
// datetime are anchored and range-checked). Every pattern carries the `u` flag so that lengths are
// counted in Unicode code points: a CJK character or an emoji is one character.
//
// Predicates accept `unknown` so the server can hand them raw JSON values; anything that is not a
// string fails.

const CJK = '\\u4E00-\\u9FEF';

/** The longest search the list endpoints take (their `keywords`); search boxes stop there as one types. */
export const SEARCH_KEYWORDS_MAX_LENGTH = 100;

function matches(pattern: RegExp): (value: unknown) => boolean {
  return (value) => typeof value === 'string' && pattern.test(value);
}

const isName = matches(/^[^\\/:*?"<>|\s@$#]{1,60}$/u);

export const isExhibitName = isName;
export const isResourceName = isName;
export const isResourceType = matches(new RegExp(`^[${CJK}A-Za-z0-9&.,-]{1,40}$`, 'u'));
export const isCustomKey = matches(/^[A-Za-z][A-Za-z0-9_]{0,29}$/u);
export const isNodeName = matches(new RegExp(`^[${CJK}A-Za-z0-9]{2,24}$`, 'u'));
export const isNodeDomain = matches(/^[a-z0-9][a-z0-9-]{2,22}[a-z0-9]$/u);
export const isPayPassword = matches(/^[0-9]{6}$/u);
export const isMobile = matches(/^1[345789][0-9]{9}$/u);
export const isUsername = matches(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,28}[A-Za-z0-9])?$/u);
export const isPassword = matches(/^(?=.*[0-9])(?=.*[A-Za-z]).{6,24}$/su);
export const isNaturalNumber = matches(/^[0-9]+$/u);
export const isPositiveInteger = matches(/^[1-9][0-9]*$/u);
export const isAmount = matches(/^[0-9]+(?:\.[0-9]{1,2})?$/u);
export const isBucketName = matches(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u);
export const isJsVariableName = matches(/^[A-Za-z$_][\w$]*$/u);
export const isHex24 = matches(/^[0-9a-f]{24}$/u);

// Local part: word characters in groups joined by single '-', '+' or '.'. Domain: at least two
// labels of letters and digits (inner hyphens allowed), ending in an alphabetic top-level label.
// Length limits follow RFC 5321 (64 for the local part, 254 for the whole address).
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?=.{3,254}$)\w+(?:[-+.]\w+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/u;
export const isEmail = matches(EMAIL_PATTERN);

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const DATE_SHAPE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/u;
const DATE_TIME_SHAPE = /^([0-9]{4}-[0-9]{2}-[0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})$/u;

export function isDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = DATE_SHAPE.exec(value);
  if (!parts) return false;
  return isCalendarDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
}

export function isDateTime(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = DATE_TIME_SHAPE.exec(value);
  if (!parts || !isDate(parts[1])) return false;
  return Number(parts[2]) <= 23 && Number(parts[3]) <= 59 && Number(parts[4]) <= 59;
}

/**
 * Markup starts with '<' directly followed by a tag name, '/', '!' or '?' (as HTML parsers read it);
 * a lone '<' ("I <3 art", "a < b") is text.
 */
const MARKUP = /<[/!?a-z]/i;

/** Free text a person types (an intro, an occupation): a string with no HTML markup in it. */
export function isPlainText(value: unknown): boolean {
  return typeof value === 'string' && !MARKUP.test(value);
}

const predicates = {
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
} satisfies Record<string, (value: unknown) => boolean>;

export type ValidationRuleName = keyof typeof predicates;

export type ValidationRule<Name extends ValidationRuleName = ValidationRuleName> = {
  test: (value: unknown) => boolean;
  messageKey: `validation.${Name}`;
};

export const validationRules = Object.fromEntries(
  Object.entries(predicates).map(([name, test]) => [name, { test, messageKey: `validation.${name}` }]),
) as { readonly [Name in ValidationRuleName]: ValidationRule<Name> };

export const validationRuleNames = Object.keys(predicates) as ValidationRuleName[];

/** Every rule reports the same code; the message key says which rule was broken. */
export const VALIDATION_ERROR_CODE = 'pattern';

export type ValidationFailure = { code: string; messageKey: string };

export function validate(rule: ValidationRuleName, value: unknown): ValidationFailure | null {
  const { test, messageKey } = validationRules[rule];
  return test(value) ? null : { code: VALIDATION_ERROR_CODE, messageKey };
}
