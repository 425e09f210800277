// Signing in and out (API.md §3.9).
import type { LoginBody, LogoutQuery } from '../passport';
import type { UserWire } from '../identity';
import { endpoint } from '../endpoint';

/** The server fills the fields that have defaults (isRemember 0, jwtType cookie); returnUrl is ignored. */
type LoginInput = Pick<LoginBody, 'loginName' | 'password'> & Partial<Omit<LoginBody, 'loginName' | 'password'>>;

export const passportEndpoints = {
  login: endpoint<{ body: LoginInput; answer: UserWire }>('POST', '/passport/login'),
  logout: endpoint<{ query: LogoutQuery; answer: boolean }>('GET', '/passport/logout'),
};
