// The answer of every /v2 call: {ret, errCode, msg, data} (DOMAIN §1.2). Success goes through
// `success(data)`; anything thrown ends in the error handler below, which answers HTTP 200 with the
// matching errCode and a message in the caller's language.
import { ErrCode, RET_FROZEN, type ApiEnvelope, type FieldError, type Language } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureOf, type Failure } from './errors';
import { isApiPath } from './http/requests';
import type { Translator } from './messages';

export const SUCCESS_MSG = 'success';

export function success<T>(data: T): ApiEnvelope<T> {
  return { ret: 0, errCode: ErrCode.Success, msg: SUCCESS_MSG, data };
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export type SerializedOnce = ((reply: FastifyReply, data: object) => FastifyReply) & {
  /** The bytes already answered for `data`, if it has been answered (the visitor lane sends them again). */
  keptBody(data: object): Buffer | undefined;
};

/**
 * Success answers for data that is kept and handed out again as the same object (a kept market page):
 * each object is serialized once, by the route's own response schema, and later answers send those
 * bytes. Serializing twenty resources was most of what a kept page cost (issue 15). One per route, as
 * the bytes follow that route's schema; data must not change once answered. Kept as UTF-8 bytes, not
 * as text: text would be measured and encoded again for every answer.
 */
export function successSerializedOnce(): SerializedOnce {
  const bodies = new WeakMap<object, Buffer>();
  const send = (reply: FastifyReply, data: object) => {
    let body = bodies.get(data);
    if (body === undefined) {
      const serialized = reply.serialize(success(data));
      body = typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as ArrayBuffer);
      bodies.set(data, body);
    }
    return reply.type(JSON_CONTENT_TYPE).send(body);
  };
  return Object.assign(send, { keptBody: (data: object) => bodies.get(data) });
}

export function failureEnvelope(
  failure: Failure,
  language: Language,
  translator: Translator,
  traceId: string,
): ApiEnvelope<unknown> {
  const fieldErrors = failure.issues?.map<FieldError>((issue) => ({
    field: issue.field,
    code: issue.code,
    message: translator.translate(issue.messageKey, language, issue.params),
  }));
  return {
    ret: failure.errCode === ErrCode.Frozen ? RET_FROZEN : 0,
    errCode: failure.errCode,
    msg: translator.translate(failure.messageKey, language, failure.params),
    data: fieldErrors ?? (failure.unexpected ? { traceId } : failure.data),
  };
}

function sendEnvelope(reply: FastifyReply, status: number, body: ApiEnvelope<unknown>): FastifyReply {
  // Sent as text so that the route's success schema does not reshape an error answer.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** errCode 8 for an unknown /v2 path or method (HTTP 200, like every application error). */
export function replyRouteNotFound(request: FastifyRequest, reply: FastifyReply, translator: Translator): FastifyReply {
  const failure: Failure = {
    errCode: ErrCode.RouteNotFound,
    messageKey: 'errors.routeNotFound',
    data: null,
    unexpected: false,
  };
  return sendEnvelope(reply, 200, failureEnvelope(failure, request.language, translator, request.id));
}

export function installErrorEnvelope(app: FastifyInstance, translator: Translator): void {
  app.setErrorHandler((error, request, reply) => {
    const failure = failureOf(error);
    if (failure.unexpected) request.log.error({ err: error, traceId: request.id }, 'unhandled error');
    const body = failureEnvelope(failure, request.language, translator, request.id);
    // Outside /v2 (texts file, web app files) the HTTP status tells what happened.
    const status = isApiPath(request.url) ? 200 : failure.unexpected ? 500 : 400;
    return sendEnvelope(reply, status, body);
  });
}
