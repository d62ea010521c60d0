import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageOfAcceptLanguage, translateMessage, type ErrorBody, type Language } from '@app/domain';

/**
 * The language of the API's messages to this request (issue 26): Hindi when the client asks for it
 * (`Accept-Language: hi`) or the signed-in caller saved Hindi; English, byte for byte as before,
 * for everyone else, including every existing mobile client.
 */
export function requestLanguage(request: FastifyRequest): Language {
  if (request.user?.language === 'hi') return 'hi';
  return languageOfAcceptLanguage(request.headers['accept-language']);
}

/**
 * An error answer in the request's language: its message and each field message looked up in
 * HINDI_MESSAGES (English where there is no Hindi yet), with `Content-Language` saying which, and
 * `Vary: Accept-Language` because the same request may be answered in either.
 */
export function localizeError(request: FastifyRequest, reply: FastifyReply, body: ErrorBody): ErrorBody {
  const language = requestLanguage(request);
  void reply.header('content-language', language).header('vary', 'accept-language');
  if (language === 'en') return body;
  const localized: ErrorBody = { ...body, message: translateMessage(body.message, language) };
  if (body.errors) {
    localized.errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, message]) => [field, translateMessage(message, language)]),
    );
  }
  return localized;
}
