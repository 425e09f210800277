// Requests the router refuses before any hook runs (a malformed percent-escape in the path, a path
// parameter over maxParamLength) get the /v2 envelope too (SPEC §8): errCode 4 naming the path, in the
// caller's language. Other paths keep a plain 400 / 414.
import { LOCALE_COOKIE } from '@tessera/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failureEnvelope } from '../envelope';
import { badParam, failureOf } from '../errors';
import { resolveLanguage } from '../language';
import type { Translator } from '../messages';
import { isApiPath } from './requests';

/** The longest path parameter the router takes (API.md §1.6: up to 100 comma-joined ids, names encoded twice). */
export const MAX_PARAM_LENGTH = 4096;

function localeCookieOf(header: string | undefined): string | undefined {
  return header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
}

/** Fastify's `frameworkErrors`; the translator is read when a request comes, once the app has one. */
export function answerFrameworkErrors(translator: () => Translator) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    if (!isApiPath(request.raw.url ?? '')) {
      void reply
        .code(tooLong ? 414 : 400)
        .type('text/plain; charset=utf-8')
        .send(tooLong ? 'URI Too Long' : 'Bad Request');
      return;
    }
    const language = resolveLanguage(localeCookieOf(request.headers.cookie), request.headers['accept-language']);
    const refusal = tooLong
      ? badParam('path', 'maxLength', 'errors.param.pathTooLong', { max: MAX_PARAM_LENGTH })
      : badParam('path', 'encoding', 'errors.param.badUrl');
    const body = failureEnvelope(failureOf(refusal), language, translator(), request.id);
    void reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
  };
}
