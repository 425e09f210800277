// What an activity must satisfy before it is stored (DOMAIN §2.28), whoever writes it: the operator
// CLI, the demo data, and later an admin API.
import { ActivityPublishState, isRedirectActivityLink } from '@tessera/domain';
import type { FieldIssue } from '../../platform/errors';

export type ActivityFields = {
  title: string;
  titleEn: string;
  cover: string;
  /** Campaign key (SPEC §2.4). */
  link: string;
  /** Where a redirecting campaign key sends the browser; '' for in-page campaigns. */
  redirectUrl: string;
  startTime: Date;
  limitTime: Date;
  persist: boolean;
  sortNo: number;
  publishState: ActivityPublishState;
};

export const TEXT_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 500;
export const SORT_NO_LIMIT = 1_000_000;
const LINK_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

function isOwnPathOrWebAddress(text: string): boolean {
  if (text.startsWith('/')) return !text.startsWith('//') && !text.includes('\\');
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkText(issues: FieldIssue[], field: string, value: string, { required }: { required: boolean }): void {
  if (required && value.trim() === '') issues.push({ field, code: 'required', messageKey: 'errors.param.required' });
  else if ([...value].length > TEXT_MAX_LENGTH)
    issues.push({ field, code: 'maxLength', messageKey: 'errors.param.maxLength', params: { limit: TEXT_MAX_LENGTH } });
}

function checkAddress(issues: FieldIssue[], field: string, value: string, maxLength: number): void {
  if (value === '') return;
  if (value.length > maxLength)
    issues.push({ field, code: 'maxLength', messageKey: 'errors.param.maxLength', params: { limit: maxLength } });
  else if (!isOwnPathOrWebAddress(value)) issues.push({ field, code: 'format', messageKey: 'errors.param.address' });
}

export function activityIssues(fields: ActivityFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  checkText(issues, 'title', fields.title, { required: true });
  checkText(issues, 'titleEn', fields.titleEn, { required: false });
  checkText(issues, 'link', fields.link, { required: true });
  if (fields.link.trim() !== '' && !LINK_PATTERN.test(fields.link)) {
    issues.push({ field: 'link', code: 'pattern', messageKey: 'errors.activity.linkPattern' });
  }
  checkAddress(issues, 'cover', fields.cover, TEXT_MAX_LENGTH);
  if (isRedirectActivityLink(fields.link)) {
    if (fields.redirectUrl === '')
      issues.push({ field: 'redirectUrl', code: 'required', messageKey: 'errors.activity.redirectUrlRequired' });
    else checkAddress(issues, 'redirectUrl', fields.redirectUrl, URL_MAX_LENGTH);
  } else if (fields.redirectUrl !== '') {
    issues.push({ field: 'redirectUrl', code: 'notAllowed', messageKey: 'errors.activity.redirectUrlNotAllowed' });
  }
  for (const field of ['startTime', 'limitTime'] as const) {
    if (Number.isNaN(fields[field].getTime()))
      issues.push({ field, code: 'format', messageKey: 'errors.param.dateTime' });
  }
  if (fields.limitTime.getTime() <= fields.startTime.getTime()) {
    issues.push({ field: 'limitTime', code: 'afterStart', messageKey: 'errors.activity.limitBeforeStart' });
  }
  if (!Number.isInteger(fields.sortNo) || Math.abs(fields.sortNo) > SORT_NO_LIMIT) {
    issues.push({
      field: 'sortNo',
      code: 'range',
      messageKey: 'errors.param.integerRange',
      params: { min: -SORT_NO_LIMIT, max: SORT_NO_LIMIT },
    });
  }
  if (!Object.values<number>(ActivityPublishState).includes(fields.publishState)) {
    issues.push({
      field: 'publishState',
      code: 'enum',
      messageKey: 'errors.param.enum',
      params: { allowedValues: Object.values(ActivityPublishState).join(', ') },
    });
  }
  return issues;
}
