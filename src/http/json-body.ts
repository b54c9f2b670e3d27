import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { AppError } from '../errors';
import { hasLongDigitRun, installBigIntJsonFallback, parseJsonText, toJsonText } from '../exact-json';

const EXACT_BODY = Symbol('exactJsonBody');

type WithExactBody = Request & { [EXACT_BODY]?: unknown };

/** res.json that writes BigInt values (integers beyond 2^53) as exact JSON digits. */
export function exactJson(this: Response, body: unknown): Response {
  const text = toJsonText(body);
  if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
  return this.send(text);
}

/**
 * The JSON body parser: express.json (limits, charsets, strict mode and its error types as
 * before) plus exact 64-bit integers. A body with a run of 16 or more digits is parsed again by
 * parseJsonText, which keeps integers beyond 2^53 as BigInt and refuses those beyond the signed
 * 64-bit range (400 INTEGER_OUT_OF_RANGE); every other body costs one byte scan. Responses
 * write BigInt back as digits (res.json is replaced for every request).
 */
export function jsonBody(options: { limit: number | string; type: string[] }): RequestHandler {
  installBigIntJsonFallback();
  const parse = express.json({
    ...options,
    verify(req, _res, buffer, encoding) {
      // Digits are single bytes in UTF-8 only; other charsets (UTF-16) are decoded before the scan.
      const utf8 = !encoding || /^utf-?8$/i.test(encoding);
      if (utf8 && !hasLongDigitRun(buffer)) return;
      let text: string;
      try {
        text = new TextDecoder(encoding || 'utf-8').decode(buffer);
      } catch {
        return; // body-parser answers the charset itself
      }
      if (!utf8 && !hasLongDigitRun(text)) return;
      try {
        (req as WithExactBody)[EXACT_BODY] = parseJsonText(text, 'request');
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Not valid JSON: body-parser's own parse fails the same way (400 INVALID_JSON).
      }
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.json = exactJson;
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      const exact = (req as WithExactBody)[EXACT_BODY];
      if (exact !== undefined) req.body = exact;
      next();
    });
  };
}
