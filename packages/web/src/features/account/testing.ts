import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentUserWire, UserDetailWire } from '@tessera/contract/identity';
import { browserLocation } from '../../shared/browser/location';
import type { RecordedRequest, TestServer } from '../../testing/test-server';

// Helpers of the account page tests (tests only).

/** A user as GET /v2/users/current answers it (login and registration answer the same without userDetail). */
export function accountUser(overrides: Partial<CurrentUserWire> = {}): CurrentUserWire {
  return {
    userId: 10001,
    username: 'alice',
    email: 'alice@example.com',
    mobile: '',
    headImage: '',
    status: 0,
    userType: 0,
    userRole: 1,
    createDate: '2025-01-01T00:00:00.000Z',
    updateDate: '2025-01-01T00:00:00.000Z',
    userDetail: userDetail(),
    ...overrides,
  };
}

/** A profile with nothing filled in, but `overrides`. */
export function userDetail(overrides: Partial<UserDetailWire> = {}): UserDetailWire {
  return {
    sex: 0,
    birthday: '',
    occupation: '',
    areaCode: '',
    areaName: '',
    intro: '',
    reason: '',
    latestLoginDate: '',
    ...overrides,
  };
}

/**
 * Whole-page navigations: jsdom does not perform them, so they are recorded instead. The app's
 * own navigation module stays real; only the browser's `location.replace` is not called.
 */
export function recordPageLoads(): string[] {
  const loads: string[] = [];
  vi.spyOn(browserLocation, 'replace').mockImplementation((url: string) => {
    loads.push(url);
  });
  return loads;
}

export function requestsTo(server: TestServer, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.path === path);
}

export const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(request?.body ?? 'null');

/** Translation keys of the account pages that show instead of their text. */
export function rawAccountKeys(text: string | null): string[] {
  return (text ?? '').match(/\b(?:account|validation|common)\.[A-Za-z]+(?:\.[A-Za-z0-9]+)*/g) ?? [];
}

/** The message a field is described by (antd links it with aria-describedby), '' when none. */
export function messageOf(label: string): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The text read out by the form's live region for field messages. */
export function announcedFieldMessage(): string {
  return document.querySelector('.visually-hidden[aria-live="polite"]')?.textContent ?? '';
}
